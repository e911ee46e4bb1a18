import * as v from 'valibot';
import { SUPPORT_SUBJECT_MAX, SUPPORT_TEXT_MAX } from '@contract';

export const SUPPORT_MESSAGES = {
  subject: 'Say in a few words what it is about',
  subjectLong: `The subject can be at most ${SUPPORT_SUBJECT_MAX} characters`,
  text: 'Write your message',
  textLong: `A message can be at most ${SUPPORT_TEXT_MAX} characters`,
} as const;

const messageText = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(SUPPORT_MESSAGES.text),
  v.maxLength(SUPPORT_TEXT_MAX, SUPPORT_MESSAGES.textLong),
);

/** A new message to the clinic: subject, text, and what it is about ('' none, 'appointment:<id>', 'visit:<id>'). */
export const NewThreadSchema = v.object({
  subject: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(SUPPORT_MESSAGES.subject),
    v.maxLength(SUPPORT_SUBJECT_MAX, SUPPORT_MESSAGES.subjectLong),
  ),
  text: messageText,
  about: v.string(),
});

export const ReplySchema = v.object({ text: messageText });
