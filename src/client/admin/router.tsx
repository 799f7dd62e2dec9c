import { Navigate, type RouteObject } from 'react-router';
import { adminPaths } from '#shared/paths.ts';
import { lazyPage } from '#client/lib/lazy-route.ts';
import { RouteLoading } from '#client/ui/route-loading.tsx';
import { AdminErrorPage } from './admin-error-page.tsx';
import { AdminLayout } from './admin-layout.tsx';

/**
 * The back office's routes, below /app/admin-panel. Sign-in and the invitation link stand alone; every other
 * page needs a signed-in staff member (AdminLayout checks) and is its own chunk.
 */
export const adminRoutes: RouteObject[] = [
  // Until the first page's chunk is there: a status (the back office is rendered in the browser only).
  { path: adminPaths.login(), lazy: lazyPage(() => import('./routes/login.tsx')), errorElement: <AdminErrorPage />, HydrateFallback: RouteLoading },
  { path: adminPaths.invitation(':token'), lazy: lazyPage(() => import('./routes/invitation.tsx')), errorElement: <AdminErrorPage />, HydrateFallback: RouteLoading },
  {
    element: <AdminLayout />,
    errorElement: <AdminErrorPage />,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, element: <Navigate to={adminPaths.home()} replace /> },
      { path: adminPaths.home(), lazy: lazyPage(() => import('./routes/home.tsx')) },
      { path: adminPaths.orders(), lazy: lazyPage(() => import('./routes/orders/orders-page.tsx')) },
      { path: adminPaths.order(':orderId'), lazy: lazyPage(() => import('./routes/order/order-page.tsx')) },
      { path: adminPaths.messages(), lazy: lazyPage(() => import('./routes/messages/messages-page.tsx')) },
      { path: adminPaths.message(':messageId'), lazy: lazyPage(() => import('./routes/messages/message-page.tsx')) },
      { path: adminPaths.webinars(), lazy: lazyPage(() => import('./routes/webinars/webinars-page.tsx')) },
      { path: adminPaths.webinar(':webinarId'), lazy: lazyPage(() => import('./routes/webinars/webinar-page.tsx')) },
      { path: adminPaths.createWebinar(), lazy: lazyPage(() => import('./routes/webinars/create-webinar-page.tsx')) },
      { path: adminPaths.contacts(), lazy: lazyPage(() => import('./routes/contacts/contacts-page.tsx')) },
      { path: adminPaths.contact(':contactId'), lazy: lazyPage(() => import('./routes/contacts/contact-page.tsx')) },
      { path: adminPaths.newsletter(), lazy: lazyPage(() => import('./routes/newsletter/issues-page.tsx')) },
      { path: adminPaths.newsletterIssue(':issueId'), lazy: lazyPage(() => import('./routes/newsletter/issue-page.tsx')) },
      { path: adminPaths.createNewsletterIssue(), lazy: lazyPage(() => import('./routes/newsletter/create-issue-page.tsx')) },
      { path: adminPaths.account(), lazy: lazyPage(() => import('./routes/account.tsx')) },
      { path: adminPaths.staff(), lazy: lazyPage(() => import('./routes/staff/staff-page.tsx')) },
      { path: adminPaths.audit(), lazy: lazyPage(() => import('./routes/audit/audit-page.tsx')) },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

