import type { z } from 'zod';
import { cartEndpoints } from './cart-endpoints.ts';
import { del, get, post, put } from './endpoint.ts';
import type { orderIdParams } from './schemas/cart.ts';
import type {
  checkoutSchema,
  invoiceInfoSchema,
  invoiceInfoUpdateSchema,
  legalTextsSchema,
  orderDetailSchema,
  statusInfoSchema,
} from './schemas/checkout.ts';
import type { countrySchema, languageQuerySchema, siteKeySchema } from './schemas/common.ts';
import type {
  contactFormSchema,
  formMessagesResponseSchema,
  newsletterSubscriptionSchema,
  newsletterTopicSchema,
} from './schemas/forms.ts';
import type {
  adminOrderParams,
  adminOrderSchema,
  archiveRefundSchema,
  bulkActionSchema,
  bulkAnswerSchema,
  cancelRefundSchema,
  dashboardSchema,
  deleteOrderQuerySchema,
  deleteOrderSchema,
  orderExportQuerySchema,
  orderListRequestSchema,
  orderListSchema,
  orderNoteAnswerSchema,
  orderNoteSchema,
  payOrderSchema,
  savedViewListSchema,
  savedViewParams,
  savedViewRequestSchema,
  savedViewSchema,
  statusChangeSchema,
  terminationSchema,
} from './schemas/orders-admin.ts';
import type { downloadableParams, downloadableSchema, downloadRequestSchema } from './schemas/downloadables.ts';
import type { contactMessageSchema, messageListQuerySchema, messageListSchema, messageParams } from './schemas/messages.ts';
import type { newsletterPreferencesSchema, newsletterPreferencesUpdateSchema, tokenParams, unsubscribeBodySchema } from './schemas/newsletter.ts';
import type { contactExportQuerySchema, contactListQuerySchema, contactListSchema, contactParams, personRecordSchema } from './schemas/people.ts';
import type {
  changePasswordSchema,
  enrolmentSchema,
  loginAnswerSchema,
  loginSchema,
  meSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  sessionIdParams,
  staffMemberSchema,
  staffSessionsSchema,
} from './schemas/users.ts';
import type {
  adminWebinarDetailSchema,
  adminWebinarListSchema,
  adminWebinarSchema,
  deleteWebinarQuerySchema,
  publicWebinarListSchema,
  publicWebinarSchema,
  webinarAdminListQuerySchema,
  webinarInputSchema,
  webinarListQuerySchema,
  webinarParams,
  webinarSubscriptionSchema,
} from './schemas/webinars.ts';

/**
 * Every JSON call the browser makes, as data: method and path below `/api` (`:name`
 * marks a path parameter), typed by the shared schemas of its parameters, query, body and
 * answer. The browser's call layer (`src/client/lib/api.ts`) takes its types from here,
 * so a changed schema reaches every caller at once.
 *
 * The schemas are named by type only: the browser sends and receives plain JSON and the
 * server checks both directions with the same schemas, so pages that make a call do not
 * download the schemas with it.
 */
/** The answer of a call that answers 204 without a body. */
type NoContent = z.ZodUndefined;

type OrderId = typeof orderIdParams;
type Language = typeof languageQuerySchema;
type AdminOrderId = typeof adminOrderParams;
type MessageId = typeof messageParams;
type WebinarId = typeof webinarParams;
type Token = typeof tokenParams;

export const endpoints = {
  // Reference data of the forms.
  countries: get<{ query: Language; answer: z.ZodArray<typeof countrySchema> }>('/country/'),
  visitorCountry: get<{ answer: typeof countrySchema }>('/geolocation/whereami/country'),
  newsletterTopics: get<{ query: Language; answer: z.ZodArray<typeof newsletterTopicSchema> }>('/newsletter/topics'),
  /** The site key of a form family: one of the paths of `siteKeyPaths`. */
  siteKey: (path: string) => get<{ answer: typeof siteKeySchema }>(path),

  subscribeToNewsletter: post<{ body: typeof newsletterSubscriptionSchema; answer: typeof formMessagesResponseSchema }>('/newsletter/'),

  // The newsletter's preference centre (/app/newsletter/{token}/) and the person's data.
  newsletterPreferences: get<{ params: Token; answer: typeof newsletterPreferencesSchema }>('/newsletter/:token/'),
  /** Saves the choices and confirms a pending subscription ("Confirm and save"). */
  saveNewsletterPreferences: put<{ params: Token; body: typeof newsletterPreferencesUpdateSchema; answer: typeof newsletterPreferencesSchema }>(
    '/newsletter/:token/',
  ),
  confirmNewsletter: post<{ params: Token; answer: typeof newsletterPreferencesSchema }>('/newsletter/:token/confirm'),
  /** Also the List-Unsubscribe address of the mails: a mail program posts `List-Unsubscribe=One-Click` as a form, without the XSRF header. */
  unsubscribeFromNewsletter: post<{ params: Token; body: typeof unsubscribeBodySchema; answer: typeof newsletterPreferencesSchema }>(
    '/newsletter/:token/unsubscribe',
  ),
  /** A JSON download (Content-Disposition: attachment) of everything stored about the subscriber. */
  personalData: get<{ params: Token; answer: typeof personRecordSchema }>('/newsletter/:token/data'),
  requestDeletion: post<{ params: Token; answer: typeof formMessagesResponseSchema }>('/newsletter/:token/deletion'),
  /** The link of the deletion mail (its own token): deletes the contact and anonymises their orders. */
  confirmDeletion: post<{ params: Token; answer: typeof formMessagesResponseSchema }>('/people/deletions/:token'),

  // Downloadable content: the free guide and other documents, sent as a signed link by e-mail.
  downloadable: get<{ params: typeof downloadableParams; query: Language; answer: typeof downloadableSchema }>('/downloadables/by-code/:code'),
  requestDownload: post<{ params: typeof downloadableParams; body: typeof downloadRequestSchema; answer: typeof formMessagesResponseSchema }>(
    '/downloadables/by-code/:code/subscriptions/',
  ),

  // The cart (cart-endpoints.ts).
  ...cartEndpoints,

  // Checkout and tracking.
  invoiceInfo: get<{ params: OrderId; answer: typeof invoiceInfoSchema }>('/orders/:orderId/invoice-info'),
  saveInvoiceInfo: put<{ params: OrderId; body: typeof invoiceInfoUpdateSchema; answer: typeof invoiceInfoSchema }>('/orders/:orderId/invoice-info'),
  legalTexts: get<{ params: OrderId; query: Language; answer: typeof legalTextsSchema }>('/orders/:orderId/legal-texts'),
  orderDetail: get<{ params: OrderId; answer: typeof orderDetailSchema }>('/orders/:orderId/detail'),
  statusInfo: get<{ params: OrderId; answer: typeof statusInfoSchema }>('/orders/:orderId/status-info'),
  checkout: post<{ params: OrderId; body: typeof checkoutSchema; answer: typeof orderDetailSchema }>('/orders/:orderId/checkout'),

  // Back office: orders.
  adminOrderList: post<{ body: typeof orderListRequestSchema; answer: typeof orderListSchema }>('/orders/admin/list'),
  /** A CSV download, not JSON: listed for its address (the link takes the list's filter as query parameters). */
  exportOrders: get<{ query: typeof orderExportQuerySchema; answer: z.ZodString }>('/orders/admin/export.csv'),
  adminOrder: get<{ params: AdminOrderId; query: Language; answer: typeof adminOrderSchema }>('/orders/admin/:id/'),
  payOrder: post<{ params: AdminOrderId; body: typeof payOrderSchema; answer: typeof adminOrderSchema }>('/orders/admin/:id/pay'),
  cancelRefundOrder: post<{ params: AdminOrderId; body: typeof cancelRefundSchema; answer: typeof adminOrderSchema }>('/orders/admin/:id/cancel-refund'),
  archiveRefundOrder: post<{ params: AdminOrderId; body: typeof archiveRefundSchema; answer: typeof adminOrderSchema }>('/orders/admin/:id/archive-refund'),
  startTermination: post<{ params: AdminOrderId; body: typeof terminationSchema; answer: typeof adminOrderSchema }>('/orders/admin/:id/termination'),
  changeOrderStatus: post<{ params: AdminOrderId; body: typeof statusChangeSchema; answer: typeof adminOrderSchema }>('/orders/admin/:id/status'),
  deleteOrder: del<{ params: AdminOrderId; query: typeof deleteOrderQuerySchema; body: typeof deleteOrderSchema; answer: NoContent }>('/orders/admin/:id/'),
  addOrderNote: post<{ params: AdminOrderId; body: typeof orderNoteSchema; answer: typeof orderNoteAnswerSchema }>('/orders/admin/:id/notes'),
  bulkOrderAction: post<{ body: typeof bulkActionSchema; answer: typeof bulkAnswerSchema }>('/orders/admin/bulk'),
  savedViews: get<{ answer: typeof savedViewListSchema }>('/orders/admin/views'),
  saveView: post<{ body: typeof savedViewRequestSchema; answer: typeof savedViewSchema }>('/orders/admin/views'),
  deleteView: del<{ params: typeof savedViewParams; answer: NoContent }>('/orders/admin/views/:id'),
  dashboard: get<{ answer: typeof dashboardSchema }>('/admin/dashboard'),

  // Contact form and inbox.
  sendContactMessage: post<{ body: typeof contactFormSchema; answer: typeof formMessagesResponseSchema }>('/contact-form/'),
  adminMessages: get<{ query: typeof messageListQuerySchema; answer: typeof messageListSchema }>('/messages/admin/'),
  adminMessage: get<{ params: MessageId; answer: typeof contactMessageSchema }>('/messages/admin/:id'),
  markMessageUnread: post<{ params: MessageId; answer: typeof contactMessageSchema }>('/messages/admin/:id/unread'),
  archiveMessage: post<{ params: MessageId; answer: typeof contactMessageSchema }>('/messages/admin/:id/archive'),
  unarchiveMessage: post<{ params: MessageId; answer: typeof contactMessageSchema }>('/messages/admin/:id/unarchive'),

  // Webinars: the public list and page with its sign-up, and their back office.
  webinars: get<{ query: typeof webinarListQuerySchema; answer: typeof publicWebinarListSchema }>('/webinars/'),
  webinar: get<{ params: WebinarId; answer: typeof publicWebinarSchema }>('/webinars/:id'),
  subscribeToWebinar: post<{ params: WebinarId; body: typeof webinarSubscriptionSchema; answer: typeof formMessagesResponseSchema }>(
    '/webinars/:id/subscriptions',
  ),
  adminWebinars: get<{ query: typeof webinarAdminListQuerySchema; answer: typeof adminWebinarListSchema }>('/webinars/admin/'),
  adminWebinar: get<{ params: WebinarId; answer: typeof adminWebinarDetailSchema }>('/webinars/admin/:id'),
  createWebinar: post<{ body: typeof webinarInputSchema; answer: typeof adminWebinarSchema }>('/webinars/admin/'),
  updateWebinar: put<{ params: WebinarId; body: typeof webinarInputSchema; answer: typeof adminWebinarSchema }>('/webinars/admin/:id'),
  deleteWebinar: del<{ params: WebinarId; query: typeof deleteWebinarQuerySchema; answer: NoContent }>('/webinars/admin/:id'),
  /** A CSV download, not JSON: listed for its address. */
  exportWebinarSubscribers: get<{ params: WebinarId; query: Language; answer: z.ZodString }>('/webinars/admin/:id/subscribers.csv'),

  // Back office: contacts (everyone who left an address through a form).
  adminContacts: get<{ query: typeof contactListQuerySchema; answer: typeof contactListSchema }>('/contacts/admin/'),
  adminContact: get<{ params: typeof contactParams; answer: typeof personRecordSchema }>('/contacts/admin/:id'),
  /** A CSV download, not JSON: listed for its address. */
  exportContacts: get<{ query: typeof contactExportQuerySchema; answer: z.ZodString }>('/contacts/admin/export.csv'),

  // Staff sign-in and sessions.
  login: post<{ body: typeof loginSchema; answer: typeof loginAnswerSchema }>('/users/login'),
  loginSecondFactor: post<{ body: typeof secondFactorCodeSchema; answer: typeof staffMemberSchema }>('/users/login/second-factor'),
  logout: post<{ answer: NoContent }>('/users/logout'),
  me: get<{ answer: typeof meSchema }>('/users/me'),
  startSecondFactorEnrolment: post<{ body: typeof passwordConfirmationSchema; answer: typeof enrolmentSchema }>(
    '/users/me/second-factor/enrolment',
  ),
  confirmSecondFactor: post<{ body: typeof secondFactorCodeSchema; answer: typeof recoveryCodesSchema }>('/users/me/second-factor'),
  turnOffSecondFactor: del<{ body: typeof passwordConfirmationSchema; answer: NoContent }>('/users/me/second-factor'),
  changePassword: post<{ body: typeof changePasswordSchema; answer: NoContent }>('/users/me/password'),
  staffSessions: get<{ answer: typeof staffSessionsSchema }>('/users/me/sessions'),
  endStaffSession: del<{ params: typeof sessionIdParams; answer: NoContent }>('/users/me/sessions/:id'),
} as const;

export { urlOf } from './endpoint.ts';
