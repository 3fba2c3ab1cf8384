/**
 * Someone's text quoted inside a translated sentence, kept in its own direction (as `<bdi>` does):
 * an English title in an Arabic sentence keeps its full stop at its own end and leaves the
 * sentence's punctuation where the sentence puts it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
