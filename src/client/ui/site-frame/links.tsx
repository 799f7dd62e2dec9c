import type { ComponentType, ReactNode } from 'react';
import type { MessageKey, MessageParams } from '#shared/i18n/catalogue.ts';
import { appUrl } from '#shared/paths.ts';

/** The texts of the header and footer: the prerender's `t` on the marketing pages, `useT()` in the app. */
export type FrameTranslate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The pages the header and footer link to; the one shown gets `aria-current="page"`.
 * `webinars` and `contact` are pages of the app, the others marketing pages.
 */
export type FramePage = 'home' | 'trainings' | 'terms' | 'privacy-policy' | 'imprint' | 'webinars' | 'contact';

export interface AppLinkProps {
  /** The app route, relative to `/app` (`appPaths`). */
  to: string;
  'aria-current'?: 'page';
  children: ReactNode;
}

/** How a link to an app page is drawn: a plain link on the marketing pages, the router's link in the app. */
export type AppLinkComponent = ComponentType<AppLinkProps>;

export function PlainAppLink({ to, ...rest }: AppLinkProps) {
  return <a href={appUrl(to)} {...rest} />;
}

export const currentIf = (current: FramePage | undefined, page: FramePage) => (current === page ? 'page' : undefined);
