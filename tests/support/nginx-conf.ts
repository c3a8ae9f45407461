// Reading the shipped nginx configurations as text (deploy/*.conf).

/** The top-level `server { ... }` blocks of the file, braces balanced. */
export function serverBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const start of text.matchAll(/^server\s*\{/gm)) {
    let depth = 0;
    for (let at = start.index; at < text.length; at++) {
      if (text[at] === '{') depth++;
      else if (text[at] === '}' && --depth === 0) {
        blocks.push(text.slice(start.index, at + 1));
        break;
      }
    }
  }
  return blocks;
}
