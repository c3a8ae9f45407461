import type { ContentBlock } from '../../../shared/contracts/cms';

// CMS bodies are structured blocks, never HTML, so nothing the CMS sends is injected as markup.
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <div className="content-blocks">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return <h2 key={index}>{block.text}</h2>;
          case 'paragraph':
            return <p key={index}>{block.text}</p>;
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, n) => (
                  <li key={n}>{item}</li>
                ))}
              </ul>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
