import { describe, expect, it } from 'vitest';
import { progressPercent, recommendedTier, scoreAnswers } from './questionnaire-scoring.ts';

describe('questionnaire scoring', () => {
  it('gives one point per answer to its tier', () => {
    expect(scoreAnswers(['basic', 'champion', 'basic', undefined])).toEqual({ basic: 2, foundation: 0, champion: 1 });
  });

  it('recommends the tier with the most points', () => {
    expect(recommendedTier(scoreAnswers(['basic', 'basic', 'basic', 'champion']))).toBe('basic');
    expect(recommendedTier(scoreAnswers(['foundation', 'basic', 'foundation', 'champion']))).toBe('foundation');
    expect(recommendedTier(scoreAnswers(['champion', 'champion', 'champion', 'champion']))).toBe('champion');
  });

  it('gives a tie to the higher tier: champion > foundation > basic', () => {
    expect(recommendedTier(scoreAnswers(['basic', 'foundation', 'basic', 'foundation']))).toBe('foundation');
    expect(recommendedTier(scoreAnswers(['basic', 'champion', 'champion', 'basic']))).toBe('champion');
    expect(recommendedTier(scoreAnswers(['foundation', 'champion', 'foundation', 'champion']))).toBe('champion');
    expect(recommendedTier({ basic: 1, foundation: 1, champion: 1 })).toBe('champion');
    expect(recommendedTier({ basic: 0, foundation: 0, champion: 0 })).toBe('champion');
  });

  it('shows 25 % progress per step of four', () => {
    expect([0, 1, 2, 3].map((step) => progressPercent(step, 4))).toEqual([25, 50, 75, 100]);
    expect(progressPercent(7, 4)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});
