import { useEffect, useMemo } from 'react';
import { useHydrated } from '#client/lib/hydration.tsx';
import { z } from 'zod';
import { emptyAddressSchema } from '#shared/schemas/checkout.ts';
import type { Draft } from './draft.ts';

/**
 * What the visitor typed in the checkout and whether they ticked the terms box, kept in
 * the tab's sessionStorage, so a reload (or Back from another page) shows it again,
 * including what was typed but not yet saved with Next. The captcha solution is never
 * kept: it is single use and belongs to the widget on the page. The entry goes when the
 * order is placed, and with the tab.
 */
const storedSchema = z.object({
  draft: z
    .object({
      // A draft kept before the references existed reads as without them.
      company: z.object({ name: z.string(), vatNumber: z.string(), buyerReference: z.string().default(''), purchaseOrderNumber: z.string().default('') }),
      address: emptyAddressSchema,
      invoiceAddressSameAsAddress: z.boolean(),
      invoiceAddress: emptyAddressSchema,
      contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneCountryCode: z.string(), phoneNumber: z.string() }),
    })
    .optional(),
  agreed: z.boolean(),
});

export interface SessionDraft {
  /** What was typed; undefined while the visitor has typed nothing (the saved info shows). */
  draft: Draft | undefined;
  /** The terms-and-privacy box of the review step. */
  agreed: boolean;
}

const keyOf = (orderId: string) => `checkout-draft:${orderId}`;
const nothing: SessionDraft = { draft: undefined, agreed: false };

/** sessionStorage, or undefined where it is missing or refused (some private modes). */
function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSessionDraft(orderId: string): SessionDraft {
  try {
    const text = storage()?.getItem(keyOf(orderId));
    if (!text) return nothing;
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? { draft: parsed.data.draft, agreed: parsed.data.agreed } : nothing;
  } catch {
    return nothing;
  }
}

export function writeSessionDraft(orderId: string, value: SessionDraft): void {
  try {
    if (!value.draft && !value.agreed) storage()?.removeItem(keyOf(orderId));
    else storage()?.setItem(keyOf(orderId), JSON.stringify({ draft: value.draft, agreed: value.agreed }));
  } catch {
    // Full or refused storage: the checkout works on, only a reload forgets the draft.
  }
}

export function forgetSessionDraft(orderId: string): void {
  try {
    storage()?.removeItem(keyOf(orderId));
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * The draft this tab kept for the order, read once. A checkout the server rendered is
 * hydrated as the server rendered it, without a draft (the server cannot know the tab's);
 * React then renders again at once with the tab's draft, if it kept one.
 */
export function useKeptSessionDraft(orderId: string): SessionDraft {
  // Read before the first render's effects, which write the draft of what they show.
  const kept = useMemo(() => readSessionDraft(orderId), [orderId]);
  return useHydrated() ? kept : nothing;
}

/** Whether the tab kept anything of the order's checkout. */
export const isKept = (stored: SessionDraft) => stored !== nothing;

/** Keeps what was typed and the terms box in the tab while the order is a cart; once it is placed, forgets them. */
export function useSessionDraft(orderId: string, { draft, agreed }: SessionDraft, placed: boolean): void {
  useEffect(() => {
    if (placed) forgetSessionDraft(orderId);
    else writeSessionDraft(orderId, { draft, agreed });
  }, [orderId, placed, draft, agreed]);
}
