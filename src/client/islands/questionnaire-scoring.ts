import type { ProductTier } from '#shared/catalog.ts';

/**
 * The role questionnaire's rules (docs/product/widgets.md): every answer adds one point
 * to basic, foundation or champion; the recommendation is the tier with the most points,
 * and a tie goes to the higher tier (champion > foundation > basic).
 */

/** Lowest to highest; not imported from the catalogue, which would ship every product text. */
const productTiers = ['basic', 'foundation', 'champion'] as const satisfies readonly ProductTier[];

export type Scores = Record<ProductTier, number>;

export function isProductTier(value: unknown): value is ProductTier {
  return (productTiers as readonly unknown[]).includes(value);
}

/** The points of the answers given so far (unanswered questions count for nothing). */
export function scoreAnswers(answers: readonly (ProductTier | undefined)[]): Scores {
  const scores: Scores = { basic: 0, foundation: 0, champion: 0 };
  for (const answer of answers) if (answer) scores[answer] += 1;
  return scores;
}

/** The tier with the most points; of tied tiers the higher one. */
export function recommendedTier(scores: Scores): ProductTier {
  let best: ProductTier = 'basic';
  for (const tier of productTiers) if (scores[tier] >= scores[best]) best = tier;
  return best;
}

/** The progress shown on question `step` (0-based) of `count`: 25 % per step for four questions. */
export function progressPercent(step: number, count: number): number {
  return count > 0 ? Math.round(((Math.min(step, count - 1) + 1) / count) * 100) : 0;
}
