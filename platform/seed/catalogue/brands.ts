// Invented but plausible brands. Each makes products in a few categories; `premium` scales its
// prices (1 = the market's usual price).
export type BrandSeed = {
  slug: string;
  name: string;
  description: string;
  premium: number;
  categories: readonly string[];
};

export const brandSeeds: readonly BrandSeed[] = [
  { slug: 'green-valley', name: 'Green Valley', premium: 1.0, categories: ['fruit-vegetables', 'pantry'], description: 'Green Valley grows and packs produce on cooperative farms along the river valley.' },
  { slug: 'orchard-lane', name: 'Orchard Lane', premium: 1.1, categories: ['fruit-vegetables', 'drinks'], description: 'Orchard Lane has picked fruit from the same hillside orchards for three generations.' },
  { slug: 'sunfield', name: 'Sunfield', premium: 0.9, categories: ['fruit-vegetables', 'frozen'], description: 'Sunfield brings good-value fruit and vegetables to every table.' },
  { slug: 'wild-meadow', name: 'Wild Meadow', premium: 1.3, categories: ['fruit-vegetables', 'baby-care'], description: 'Wild Meadow is certified organic from field to shelf.' },
  { slug: 'nordic-dairy', name: 'Nordic Dairy', premium: 1.15, categories: ['dairy-eggs'], description: 'Nordic Dairy works with family farms where cows graze outdoors from spring to autumn.' },
  { slug: 'meadowbrook', name: 'Meadowbrook', premium: 1.0, categories: ['dairy-eggs', 'frozen'], description: 'Meadowbrook makes everyday dairy with milk from farms within fifty miles of the creamery.' },
  { slug: 'alpine-pastures', name: 'Alpine Pastures', premium: 1.35, categories: ['dairy-eggs'], description: 'Alpine Pastures makes slow, small-batch dairy in the mountains.' },
  { slug: 'happy-hen', name: 'Happy Hen', premium: 1.05, categories: ['dairy-eggs', 'bakery'], description: 'Happy Hen started with eggs from free-range flocks and now bakes with them too.' },
  { slug: 'old-mill-bakery', name: 'Old Mill Bakery', premium: 1.1, categories: ['bakery'], description: 'Old Mill Bakery bakes with flour stone-ground at its own mill.' },
  { slug: 'golden-crust', name: 'Golden Crust', premium: 0.9, categories: ['bakery', 'frozen'], description: 'Golden Crust bakes soft, affordable bread for every day.' },
  { slug: 'maison-leon', name: 'Maison Léon', premium: 1.4, categories: ['bakery'], description: 'Maison Léon bakes French-style breads and viennoiserie by hand.' },
  { slug: 'highland-butchers', name: 'Highland Butchers', premium: 1.25, categories: ['meat-fish'], description: 'Highland Butchers sources grass-fed meat from upland farms.' },
  { slug: 'coastline', name: 'Coastline', premium: 1.15, categories: ['meat-fish', 'frozen'], description: 'Coastline buys fish from day boats and certified fisheries.' },
  { slug: 'farmers-pride', name: "Farmer's Pride", premium: 0.95, categories: ['meat-fish'], description: "Farmer's Pride offers honest meat at a fair price, traceable to the farm." },
  { slug: 'blue-fjord', name: 'Blue Fjord', premium: 1.3, categories: ['meat-fish'], description: 'Blue Fjord smokes and packs fish from the cold northern waters.' },
  { slug: 'casa-rossi', name: 'Casa Rossi', premium: 1.2, categories: ['pantry'], description: 'Casa Rossi imports pasta, tomatoes and oil from family producers in Italy.' },
  { slug: 'pantry-co', name: 'Pantry & Co', premium: 0.85, categories: ['pantry', 'household'], description: 'Pantry & Co keeps the cupboard stocked with essentials at everyday prices.' },
  { slug: 'spice-route', name: 'Spice Route', premium: 1.15, categories: ['pantry', 'snacks'], description: 'Spice Route blends flavours from the world’s kitchens.' },
  { slug: 'clearspring-water', name: 'Clearspring', premium: 1.0, categories: ['drinks'], description: 'Clearspring bottles water and soft drinks at the source.' },
  { slug: 'bean-and-leaf', name: 'Bean & Leaf', premium: 1.25, categories: ['drinks'], description: 'Bean & Leaf roasts coffee and blends tea in small batches.' },
  { slug: 'fizz-factory', name: 'Fizz Factory', premium: 0.9, categories: ['drinks', 'snacks'], description: 'Fizz Factory makes bright, bubbly drinks and sweets.' },
  { slug: 'polar-kitchen', name: 'Polar Kitchen', premium: 1.05, categories: ['frozen'], description: 'Polar Kitchen freezes meals and vegetables at their freshest.' },
  { slug: 'crunchy-co', name: 'Crunchy Co', premium: 1.0, categories: ['snacks'], description: 'Crunchy Co makes crisps and nibbles in small kettles.' },
  { slug: 'cocoa-house', name: 'Cocoa House', premium: 1.3, categories: ['snacks'], description: 'Cocoa House makes chocolate and biscuits from fairly traded cocoa.' },
  { slug: 'sparkle-home', name: 'Sparkle Home', premium: 1.0, categories: ['household'], description: 'Sparkle Home makes cleaning products that do the job first time.' },
  { slug: 'pure-planet', name: 'Pure Planet', premium: 1.2, categories: ['household', 'health-beauty'], description: 'Pure Planet uses plant-based ingredients and recycled packaging.' },
  { slug: 'brightwash', name: 'Brightwash', premium: 0.9, categories: ['household'], description: 'Brightwash keeps laundry and dishes clean for less.' },
  { slug: 'little-sprouts', name: 'Little Sprouts', premium: 1.15, categories: ['baby-care'], description: 'Little Sprouts makes food and care products for babies and toddlers.' },
  { slug: 'cuddle-care', name: 'Cuddle Care', premium: 1.0, categories: ['baby-care'], description: 'Cuddle Care makes soft, dermatologically tested baby essentials.' },
  { slug: 'tiny-steps', name: 'Tiny Steps', premium: 0.9, categories: ['baby-care', 'health-beauty'], description: 'Tiny Steps offers gentle care for the whole family.' },
  { slug: 'vitalis', name: 'Vitalis', premium: 1.1, categories: ['health-beauty'], description: 'Vitalis develops everyday health and personal care with pharmacists.' },
  { slug: 'rosewood-botanics', name: 'Rosewood Botanics', premium: 1.35, categories: ['health-beauty'], description: 'Rosewood Botanics makes skincare with botanical extracts.' },
  { slug: 'happy-paws', name: 'Happy Paws', premium: 1.0, categories: ['pet-food'], description: 'Happy Paws makes complete, balanced food for dogs and cats.' },
  { slug: 'whisker-and-tail', name: 'Whisker & Tail', premium: 1.2, categories: ['pet-food'], description: 'Whisker & Tail recipes are developed with vets.' },
  { slug: 'country-companion', name: 'Country Companion', premium: 0.9, categories: ['pet-food'], description: 'Country Companion feeds pets well for less.' },
  { slug: 'northern-harvest', name: 'Northern Harvest', premium: 1.05, categories: ['pet-food', 'pantry'], description: 'Northern Harvest mills grains and seeds from northern farms.' },
];
