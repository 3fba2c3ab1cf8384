import type { QuestionKind } from '@contract/wire/learning';

/** The question kinds a quiz holds (the others are survey questions). */
export const QUIZ_KINDS: readonly QuestionKind[] = ['single', 'multiple', 'true_false'];

/**
 * Whether a choice may be saved for a question: option ids of the question, none twice; a single
 * choice or true/false question takes at most one (none is a cleared answer).
 */
export function choiceFits(
  kind: QuestionKind,
  optionIds: readonly number[],
  choice: readonly number[],
): boolean {
  if (new Set(choice).size !== choice.length) return false;
  if (kind !== 'multiple' && choice.length > 1) return false;
  const options = new Set(optionIds);
  return choice.every((id) => options.has(id));
}

/** A question is answered right when the choice is exactly its set of correct options. */
export function isCorrect(correct: readonly number[], choice: readonly number[]): boolean {
  if (correct.length === 0 || choice.length !== new Set(choice).size) return false;
  const right = new Set(correct);
  return choice.length === right.size && choice.every((id) => right.has(id));
}

/**
 * The score out of 10, to two decimals: the marks earned over the quiz's marks (each question
 * weighs its `questions.marks`; seeded questions weigh 1, so every one of them counts alike). A
 * quiz without questions scores 0.
 */
export function scoreOf(marksEarned: number, marksTotal: number): number {
  if (marksTotal <= 0) return 0;
  return Math.round((1000 * marksEarned) / marksTotal) / 100;
}
