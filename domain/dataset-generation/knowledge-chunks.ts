/** About how many characters a knowledge chunk holds. */
export const CHUNK_TARGET = 2000;

const HEADING = /^(#{1,6}\s|<h[1-6][\s>])/i;

/** Splits text longer than the target at sentence ends, then at spaces, then anywhere. */
function splitLong(text: string, target: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > target) {
    const window = rest.slice(0, target);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'));
    const space = window.lastIndexOf(' ');
    const cut = sentence > target / 2 ? sentence + 1 : space > target / 2 ? space : target;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/**
 * The knowledge split into chunks of about `target` characters: a heading (Markdown `#` or HTML `<h1>`–`<h6>`) always
 * starts a chunk, paragraphs (blank-line separated) are packed together up to the target, and a paragraph longer than
 * it is split at sentence ends. Chunks keep their text as written (trimmed); empty ones are dropped.
 */
export function chunkKnowledge(text: string, target = CHUNK_TARGET): string[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n|(?=\n#{1,6}\s)|(?=<h[1-6][\s>])/i)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of paragraphs.flatMap((paragraph) => splitLong(paragraph, target))) {
    const startsSection = HEADING.test(paragraph);
    if (current !== '' && (startsSection || current.length + paragraph.length + 2 > target)) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? paragraph : `${current}\n\n${paragraph}`;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}
