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

/** The file's `log_format` statements (the http level's), each whole. */
export function logFormats(text: string): string[] {
  return [...text.matchAll(/^log_format\s[^;]*;$/gm)].map((match) => match[0]);
}

/** The server block's own `access_log` directive (not a location's), or an error. */
export function serverAccessLog(block: string): string {
  const found = /^ {2}access_log\s[^;]*;$/m.exec(block);
  if (!found) throw new Error(`no access_log in the server block: ${block.slice(0, 80)}`);
  return found[0].trim();
}
