/**
 * Checks one user against the required groups: starts from what is already known (the group a `chat_member`
 * update came from), then asks the other groups one by one until one has the user in it — a member of the first
 * group costs one request.
 */
import { verdictOf, type GroupAnswer, type GroupAnswerOf, type TelegramVerdict } from './verdict.ts';

export type AskFn = (group: string) => Promise<GroupAnswer>;

export async function checkUser(requiredGroups: readonly string[], known: readonly GroupAnswerOf[], ask: AskFn): Promise<TelegramVerdict> {
  const answers = [...known];
  for (const group of requiredGroups) {
    if (answers.some((a) => a.answer.kind === 'in')) break;
    if (answers.some((a) => a.group === group)) continue;
    answers.push({ group, answer: await ask(group) });
  }
  return verdictOf(requiredGroups, answers);
}
