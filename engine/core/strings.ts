/**
 * The same text in a string of its own, for keys of caches that outlive a document. A slice of 13 or
 * more characters is a view into the string it was cut from (V8's sliced strings), and word text is
 * cut from paragraph text that is often cut from a part's decoded XML: one word kept as a key kept
 * that whole part's text alive (34 MB of documents' XML was still held after one round over the dev
 * corpus). Concatenating and slicing makes the engine copy the characters into a new string.
 */
export function detachedString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
