import { type ComponentType, lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './components/protected-route';
import { RootLayout } from './components/root-layout';

/**
 * Every page is its own chunk, loaded when first visited. To add a page: create
 * src/web/pages/<name>.tsx with a default-exported component that renders one <h1> and a
 * <PageTitle>, then add a line below (wrap it in protectedPage() when it needs a session).
 *
 * Declarative routing (<Routes>) on purpose: the data-router half of React Router (loaders,
 * actions, fetchers) would add ~15 KB gzip to the first load and nothing here uses it.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

const protectedPage = (element: ReactNode, from?: string) => (
  <ProtectedRoute from={from}>{element}</ProtectedRoute>
);

const home = page(() => import('./pages/home'));
const create = protectedPage(page(() => import('./pages/create')));
const login = page(() => import('./pages/login'));
const signup = page(() => import('./pages/signup'));
const pricing = page(() => import('./pages/pricing'));
const explore = protectedPage(
  page(() => import('./pages/explore')),
  '/explore',
);
const howItWorks = page(() => import('./pages/how-it-works'));
const dashboard = protectedPage(page(() => import('./pages/dashboard')));
const terms = page(() => import('./pages/terms'));
const privacy = page(() => import('./pages/privacy'));
const contact = page(() => import('./pages/contact'));
const about = page(() => import('./pages/about'));
const blog = page(() => import('./pages/blog'));
const blogPost = page(() => import('./pages/blog-post'));
const faq = page(() => import('./pages/faq'));
const history = protectedPage(page(() => import('./pages/history')));
const settings = protectedPage(page(() => import('./pages/settings')));
const apiKeys = protectedPage(page(() => import('./pages/api-keys')));
const styles = protectedPage(page(() => import('./pages/styles')));
const teamPages = () => import('./pages/team-pages');
const team = protectedPage(page(() => teamPages().then((m) => ({ default: m.TeamSettingsPage }))));
const teamJoin = page(() => teamPages().then((m) => ({ default: m.TeamJoinPage })));
const apiDocs = page(() => import('./pages/api-docs'));
const forgotPassword = page(() => import('./pages/forgot-password'));
const resetPassword = page(() => import('./pages/reset-password'));
const verifyEmail = page(() => import('./pages/verify-email'));
const checkoutSuccess = page(() => import('./pages/checkout-success'));
const share = page(() => import('./pages/share'));
const notFound = page(() => import('./pages/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={home} />
        <Route path="/create" element={create} />
        <Route path="/login" element={login} />
        <Route path="/signup" element={signup} />
        <Route path="/pricing" element={pricing} />
        <Route path="/explore" element={explore} />
        <Route path="/how-it-works" element={howItWorks} />
        <Route path="/dashboard" element={dashboard} />
        <Route path="/terms" element={terms} />
        <Route path="/privacy" element={privacy} />
        <Route path="/contact" element={contact} />
        <Route path="/about" element={about} />
        <Route path="/blog" element={blog} />
        <Route path="/blog/:id" element={blogPost} />
        <Route path="/faq" element={faq} />
        <Route path="/history" element={history} />
        <Route path="/settings" element={settings} />
        <Route path="/settings/api-keys" element={apiKeys} />
        <Route path="/settings/styles" element={styles} />
        <Route path="/settings/team" element={team} />
        <Route path="/team/join" element={teamJoin} />
        <Route path="/docs/api" element={apiDocs} />
        <Route path="/forgot-password" element={forgotPassword} />
        <Route path="/reset-password" element={resetPassword} />
        <Route path="/verify-email" element={verifyEmail} />
        <Route path="/checkout/success" element={checkoutSuccess} />
        <Route path="/i/:id" element={share} />
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
