/**
 * The route table of docs/product.md section 2. Home and the Not-found page are in the first download;
 * every other screen is its own chunk, so a visitor of / downloads only what / needs.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { queryClient } from '#client/lib/trpc.ts';
import { SessionProvider, useSession } from '#client/lib/session.tsx';
import { ConfirmProvider } from '#client/components/ui/confirm-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SiteLayout } from '#client/layouts/site-layout.tsx';
import { SkipLink } from '#client/layouts/skip-link.tsx';
import { AuthLayout } from '#client/layouts/auth-layout.tsx';
import { GuestOnly, RequireSession } from '#client/routing/require-session.tsx';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import { ACCOUNT_ROLES, ADMIN_ROLES } from '#shared/value-sets.ts';
import { useScrollRestoration } from '#client/routing/scroll-manager.ts';
import { HomePage } from '#client/pages/home/home-page.tsx';
import { NotFoundPage } from '#client/pages/not-found/not-found-page.tsx';

/** React.lazy for a module's named export (the pages export by name). */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AboutPage = lazyNamed(() => import('#client/pages/about/about-page.tsx'), 'AboutPage');
const ServicesPage = lazyNamed(() => import('#client/pages/services/services-page.tsx'), 'ServicesPage');
const GalleriesPage = lazyNamed(() => import('#client/pages/galleries/galleries-page.tsx'), 'GalleriesPage');
const GalleryPage = lazy(async () => ({ default: (await import('#client/pages/galleries/gallery-page.tsx')).GalleryPage }));
const ContactPage = lazyNamed(() => import('#client/pages/contact/contact-page.tsx'), 'ContactPage');
const TermsPage = lazyNamed(() => import('#client/pages/legal/legal-pages.tsx'), 'TermsPage');
const PrivacyPage = lazyNamed(() => import('#client/pages/legal/legal-pages.tsx'), 'PrivacyPage');
const RegisterPage = lazyNamed(() => import('#client/pages/auth/register-page.tsx'), 'RegisterPage');
const LoginPage = lazyNamed(() => import('#client/pages/auth/login-page.tsx'), 'LoginPage');
const TwoFactorChallengePage = lazyNamed(() => import('#client/pages/auth/two-factor-challenge-page.tsx'), 'TwoFactorChallengePage');
const ForgotPasswordPage = lazyNamed(() => import('#client/pages/auth/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazy(async () => ({ default: (await import('#client/pages/auth/reset-password-page.tsx')).ResetPasswordPage }));
const VerifyEmailPage = lazyNamed(() => import('#client/pages/auth/verify-email-page.tsx'), 'VerifyEmailPage');
const ConfirmPasswordPage = lazyNamed(() => import('#client/pages/auth/confirm-password-page.tsx'), 'ConfirmPasswordPage');
const AccountArea = lazyNamed(() => import('#client/pages/account/account-area.tsx'), 'AccountArea');
const AdminArea = lazy(() => import('#client/pages/admin/admin-area.tsx'));

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function AuthRoute({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Route path={path}>
      <AuthLayout>
        <Lazy>{children}</Lazy>
      </AuthLayout>
    </Route>
  );
}

/** A signed-in visitor of /login goes where signing in would have taken them. */
function GuestOnlyLogin() {
  const returnTo = useRedirectParam('/');
  return (
    <GuestOnly to={returnTo}>
      <LoginPage />
    </GuestOnly>
  );
}

function SiteRoutes() {
  return (
    <SiteLayout>
      <Lazy>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/services" component={ServicesPage} />
          <Route path="/galleries" component={GalleriesPage} />
          {/* Keyed by id: a different gallery is a new page, not a re-render of the old one. */}
          <Route path="/galleries/:id">{(params) => <GalleryPage key={params.id} id={params.id} />}</Route>
          <Route path="/contact" component={ContactPage} />
          <Route path="/legal/terms" component={TermsPage} />
          <Route path="/legal/privacy" component={PrivacyPage} />
          <AuthRoute path="/register">
            <GuestOnly to="/account">
              <RegisterPage />
            </GuestOnly>
          </AuthRoute>
          <AuthRoute path="/login">
            <GuestOnlyLogin />
          </AuthRoute>
          <AuthRoute path="/two-factor-challenge">
            <TwoFactorChallengePage />
          </AuthRoute>
          <AuthRoute path="/forgot-password">
            <ForgotPasswordPage />
          </AuthRoute>
          <Route path="/reset-password/:token">
            {(params) => (
              <AuthLayout>
                <Lazy>
                  <ResetPasswordPage token={params.token} />
                </Lazy>
              </AuthLayout>
            )}
          </Route>
          <AuthRoute path="/verify-email">
            <VerifyEmailPage />
          </AuthRoute>
          <Route path="/confirm-password">
            <RequireSession>
              <AuthLayout>
                <Lazy>
                  <ConfirmPasswordPage />
                </Lazy>
              </AuthLayout>
            </RequireSession>
          </Route>
          <Route path="/account" nest>
            <RequireSession roles={ACCOUNT_ROLES}>
              <AccountArea />
            </RequireSession>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Lazy>
    </SiteLayout>
  );
}

function AppRoutes() {
  useScrollRestoration();
  return (
    <Switch>
      {/* The admin area has its own full-page layout with its own side menu. */}
      <Route path="/admin" nest>
        <RequireSession roles={ADMIN_ROLES}>
          <Lazy>
            <div id="main" tabIndex={-1} className="admin-root">
              <AdminArea />
            </div>
          </Lazy>
        </RequireSession>
      </Route>
      <Route>
        <SiteRoutes />
      </Route>
    </Switch>
  );
}

/** docs/product.md section 4: the routes render only once the current user has been asked for. */
function SessionGate({ children }: { children: ReactNode }) {
  const { isLoading } = useSession();
  return isLoading ? <PageLoading /> : <>{children}</>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>
          <SkipLink />
          <SessionGate>
            <AppRoutes />
          </SessionGate>
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
