// Both team pages in one chunk: the landing loads the router's table of pages, and each lazy page
// there costs bytes of its own (decision 015's 120 KB budget).
export { default as TeamJoinPage } from './team-join';
export { default as TeamSettingsPage } from './team-settings';
