export * from './api-keys';
export * from './auth';
export * from './billing';
export * from './generation';
export * from './platform';
export * from './storage';
export * from './styles';
export * from './teams';
