import { useId } from 'react';

// The product's images: one shown large, each with a thumbnail that shows it. The choice is a
// radio group and the CSS shows the picture after the checked radio (catalogue.css), so the
// gallery needs no JavaScript: it works before the product page's code has arrived (an island,
// docs/decisions/0208) and without JavaScript, where buttons with a click handler did nothing.
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const group = useId();
  if (images.length < 2) {
    return (
      <div className="product-gallery">
        {images[0] && <MainImage src={images[0]} alt={name} first />}
      </div>
    );
  }
  return (
    <div className="product-gallery product-gallery-choices">
      {images.map((image, index) => (
        <GalleryChoice
          key={image}
          id={`${group}-${index}`}
          group={group}
          image={image}
          first={index === 0}
          label={`Show image ${index + 1} of ${images.length}`}
          alt={index === 0 ? name : `${name}, image ${index + 1} of ${images.length}`}
        />
      ))}
    </div>
  );
}

type ChoiceProps = {
  id: string;
  group: string;
  image: string;
  first: boolean;
  label: string;
  alt: string;
};

// A radio, its thumbnail (the radio's label) and the large picture it shows, in that order: the
// CSS reaches the thumbnail and the picture of the checked radio with sibling selectors.
function GalleryChoice({ id, group, image, first, label, alt }: ChoiceProps) {
  return (
    <>
      <input
        className="product-gallery-choice"
        type="radio"
        id={id}
        name={group}
        defaultChecked={first}
        aria-label={label}
      />
      <label className="product-gallery-thumb" htmlFor={id}>
        <img src={image} alt="" width={64} height={64} loading="lazy" />
      </label>
      <MainImage src={image} alt={alt} first={first} />
    </>
  );
}

function MainImage({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  return (
    <img
      className="product-gallery-main"
      src={src}
      alt={alt}
      width={480}
      height={480}
      {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
}
