import { useState } from 'react';

// The product's images: the main one large, the others as thumbnails that swap it in. Without
// JavaScript the first image shows and the thumbnails are plain images.
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [shown, setShown] = useState(0);
  const main = images[shown] ?? images[0];
  return (
    <div className="product-gallery">
      {main && (
        <img
          className="product-gallery-main"
          src={main}
          alt={name}
          width={480}
          height={480}
          fetchPriority="high"
        />
      )}
      {images.length > 1 && (
        <ul className="product-gallery-thumbs" aria-label="More images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-pressed={index === shown}
                aria-label={`Show image ${index + 1} of ${images.length}`}
              >
                <img src={image} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
