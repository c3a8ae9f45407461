// The food information of every kind of food in the demo catalogue (docs/decisions/0214):
// ingredients with each allergen named in brackets ("wheat flour [gluten]"), the allergens it may
// contain as traces, and typical values per 100 g or 100 ml:
// [kcal, fat, saturates, carbohydrate, sugars, protein, salt]. Demo data, written to be plausible,
// not a laboratory's. Kinds not listed here are not food (cleaning, toiletries, pet food).
export type FoodFacts = readonly [
  ingredients: string,
  mayContain: string,
  per100: readonly [number, number, number, number, number, number, number],
  per?: 'ml',
];

const fresh = (name: string, values: FoodFacts[2]): FoodFacts => [`${name} (100%)`, '', values];

export const foodFacts: Record<string, FoodFacts> = {
  // Fruit & Vegetables
  Bananas: fresh('bananas', [89, 0.3, 0.1, 20, 17, 1.1, 0]),
  'Gala Apples': fresh('apples', [52, 0.2, 0, 12, 10, 0.3, 0]),
  'Conference Pears': fresh('pears', [57, 0.1, 0, 13, 10, 0.4, 0]),
  'Vine Tomatoes': fresh('tomatoes', [18, 0.2, 0, 3.1, 2.6, 0.9, 0]),
  Carrots: fresh('carrots', [41, 0.2, 0, 7.9, 4.7, 0.9, 0.1]),
  'Baby Potatoes': fresh('potatoes', [77, 0.1, 0, 17, 0.8, 2, 0]),
  Broccoli: fresh('broccoli', [34, 0.4, 0.1, 4.4, 1.7, 2.8, 0.1]),
  'Baby Spinach': fresh('spinach', [23, 0.4, 0.1, 1.4, 0.4, 2.9, 0.2]),
  'Red Onions': fresh('red onions', [40, 0.1, 0, 7.6, 4.2, 1.1, 0]),
  Blueberries: fresh('blueberries', [57, 0.3, 0, 12, 10, 0.7, 0]),
  Strawberries: fresh('strawberries', [32, 0.3, 0, 6.1, 4.9, 0.7, 0]),
  Avocados: fresh('avocados', [160, 15, 2.1, 1.9, 0.7, 2, 0]),
  Lemons: fresh('lemons', [29, 0.3, 0, 3.2, 2.5, 1.1, 0]),
  Cucumber: fresh('cucumber', [15, 0.1, 0, 2.2, 1.7, 0.7, 0]),
  // Dairy & Eggs
  'Whole Milk': ['whole cows’ milk [milk]', '', [64, 3.6, 2.3, 4.7, 4.7, 3.4, 0.1], 'ml'],
  'Semi-Skimmed Milk': [
    'semi-skimmed cows’ milk [milk]',
    '',
    [47, 1.7, 1.1, 4.8, 4.8, 3.5, 0.1],
    'ml',
  ],
  'Greek Yoghurt': [
    'strained yoghurt [milk], cream [milk]',
    '',
    [133, 10, 6.9, 3.6, 3.6, 5.7, 0.1],
  ],
  'Natural Yoghurt': ['yoghurt [milk], live cultures', '', [79, 3, 1.9, 7.8, 7.8, 5.2, 0.2]],
  'Salted Butter': ['butter [milk], salt', '', [744, 82, 52, 0.6, 0.6, 0.6, 1.6]],
  'Mature Cheddar': ['cheddar cheese [milk], salt, rennet', '', [416, 35, 22, 0.1, 0.1, 25, 1.8]],
  Mozzarella: [
    'mozzarella cheese [milk], salt, acidity regulator',
    '',
    [254, 20, 14, 1, 1, 18, 0.4],
  ],
  'Free-Range Eggs': ['free-range hens’ eggs [eggs]', '', [131, 9, 2.5, 0, 0, 13, 0.4]],
  'Double Cream': ['double cream [milk]', '', [445, 48, 30, 2.7, 2.7, 1.7, 0.1], 'ml'],
  'Cottage Cheese': [
    'cottage cheese [milk], cream [milk], salt',
    '',
    [98, 4.3, 2.7, 3.1, 2.7, 11, 0.7],
  ],
  'Cream Cheese': ['soft cheese [milk], salt, stabiliser', '', [253, 24, 15, 4, 4, 5.4, 0.8]],
  'Oat Drink': [
    'water, oats [gluten] (10%), rapeseed oil, calcium, salt',
    '',
    [46, 1.5, 0.2, 6.7, 4, 1, 0.1],
    'ml',
  ],
  // Bakery
  'Sourdough Loaf': [
    'wheat flour [gluten], water, rye flour [gluten], salt',
    'sesame',
    [252, 1.2, 0.3, 49, 2.1, 9.4, 1.1],
  ],
  'White Sandwich Bread': [
    'wheat flour [gluten], water, yeast, salt, rapeseed oil, soya flour [soya]',
    'sesame',
    [235, 2, 0.4, 45, 3.4, 8.9, 1],
  ],
  'Seeded Rye Bread': [
    'rye flour [gluten], wheat flour [gluten], water, sunflower seeds, linseed, sesame seeds [sesame], salt',
    '',
    [245, 5.8, 0.7, 37, 3.2, 9.1, 1.1],
  ],
  'Butter Croissants': [
    'wheat flour [gluten], butter [milk] (24%), water, sugar, eggs [eggs], yeast, salt',
    'nuts',
    [414, 22, 14, 44, 8.5, 8.2, 1],
  ],
  Bagels: [
    'wheat flour [gluten], water, sugar, yeast, salt, barley malt [gluten]',
    'sesame',
    [257, 1.6, 0.3, 50, 5.4, 10, 1],
  ],
  'Brioche Buns': [
    'wheat flour [gluten], eggs [eggs], sugar, butter [milk], yeast, salt',
    '',
    [340, 11, 6.3, 50, 12, 9.1, 0.9],
  ],
  'Tortilla Wraps': [
    'wheat flour [gluten], water, rapeseed oil, raising agent, salt',
    '',
    [297, 6.8, 0.8, 50, 2.8, 8.2, 1.2],
  ],
  'Cinnamon Rolls': [
    'wheat flour [gluten], sugar, butter [milk], eggs [eggs], cinnamon, yeast, salt',
    'nuts',
    [390, 16, 9.4, 54, 22, 6.4, 0.8],
  ],
  Baguette: ['wheat flour [gluten], water, salt, yeast', '', [264, 1.2, 0.3, 53, 2.4, 9, 1.3]],
  'Chocolate Muffins': [
    'sugar, wheat flour [gluten], eggs [eggs], rapeseed oil, cocoa, milk chocolate [milk, soya]',
    'nuts',
    [427, 22, 4.3, 51, 31, 5.6, 0.6],
  ],
  Crumpets: [
    'wheat flour [gluten], water, yeast, raising agents, salt',
    '',
    [181, 0.9, 0.2, 37, 1.6, 5.9, 1.1],
  ],
  'Pitta Breads': [
    'wheat flour [gluten], water, yeast, salt, sugar',
    'sesame',
    [255, 1.3, 0.2, 51, 2.2, 8.9, 1],
  ],
  // Meat & Fish
  'Chicken Breast Fillets': fresh('chicken breast', [106, 1.1, 0.3, 0, 0, 24, 0.1]),
  'Beef Mince 5% Fat': fresh('beef', [124, 5, 2.2, 0, 0, 20, 0.2]),
  'Pork Sausages': [
    'pork (80%), water, rusk [gluten], salt, spices, sulphite preservative [sulphites]',
    'celery, mustard',
    [245, 18, 6.7, 6.5, 1, 14, 1.5],
  ],
  'Smoked Back Bacon': [
    'pork (87%), water, salt, preservative',
    '',
    [215, 16, 6, 0.5, 0.5, 17, 3.1],
  ],
  'Salmon Fillets': ['salmon [fish] (100%)', '', [208, 13, 2.4, 0, 0, 20, 0.1]],
  'Cod Loins': ['cod [fish] (100%)', '', [80, 0.6, 0.1, 0, 0, 18, 0.2]],
  'Whole Chicken': fresh('chicken', [213, 15, 4.2, 0, 0, 19, 0.2]),
  'Lamb Chops': fresh('lamb', [282, 23, 10, 0, 0, 18, 0.2]),
  'Beef Sirloin Steak': fresh('beef sirloin', [180, 9.6, 4.1, 0, 0, 23, 0.1]),
  'King Prawns': ['king prawns [crustaceans], salt', '', [70, 0.8, 0.2, 0, 0, 15, 0.9]],
  'Sliced Ham': ['pork (90%), water, salt, dextrose, preservative', '', [107, 3, 1, 1.3, 1, 19, 2]],
  'Turkey Breast Steaks': fresh('turkey breast', [105, 1, 0.3, 0, 0, 24, 0.1]),
  // Pantry
  Spaghetti: ['durum wheat semolina [gluten]', 'eggs', [356, 1.5, 0.3, 71, 3.5, 13, 0]],
  'Penne Rigate': ['durum wheat semolina [gluten]', 'eggs', [356, 1.5, 0.3, 71, 3.5, 13, 0]],
  'Basmati Rice': ['basmati rice (100%)', '', [355, 0.9, 0.2, 78, 0.1, 8.5, 0]],
  'Chopped Tomatoes': [
    'tomatoes (60%), tomato juice, acidity regulator: citric acid',
    '',
    [22, 0.1, 0, 3.4, 3.2, 1.2, 0.1],
  ],
  Chickpeas: ['chickpeas, water, salt', '', [115, 2.4, 0.3, 14, 0.4, 7.2, 0.3]],
  'Extra Virgin Olive Oil': ['extra virgin olive oil (100%)', '', [824, 92, 14, 0, 0, 0, 0], 'ml'],
  'Plain Flour': [
    'wheat flour [gluten], calcium carbonate, iron, niacin, thiamin',
    '',
    [341, 1.3, 0.2, 71, 2.1, 10, 0],
  ],
  'Granulated Sugar': ['sugar (100%)', '', [400, 0, 0, 100, 100, 0, 0]],
  'Rolled Oats': ['oats [gluten] (100%)', '', [374, 8, 1.5, 60, 1.1, 11, 0]],
  'Smooth Peanut Butter': [
    'peanuts [peanuts] (95%), palm oil, salt',
    'nuts',
    [628, 51, 10, 13, 6.4, 25, 0.9],
  ],
  'Strawberry Jam': [
    'sugar, strawberries (35%), gelling agent: pectin, citric acid',
    '',
    [250, 0.1, 0, 61, 60, 0.3, 0],
  ],
  'Tomato Ketchup': [
    'tomatoes, spirit vinegar, sugar, salt, celery extract [celery], spice',
    'mustard',
    [102, 0.1, 0, 23, 23, 1.2, 1.8],
  ],
  'Tuna Chunks': ['tuna [fish], water, salt', '', [109, 0.6, 0.2, 0, 0, 26, 0.9]],
  'Pesto Genovese': [
    'basil (35%), sunflower oil, cashew nuts [nuts], hard cheese [milk, eggs], pine nuts, salt, garlic',
    'peanuts',
    [434, 43, 5.9, 5.5, 3.6, 5.1, 2.5],
  ],
  // Drinks
  'Still Spring Water': ['natural spring water', '', [0, 0, 0, 0, 0, 0, 0], 'ml'],
  'Orange Juice': ['orange juice (100%)', '', [44, 0, 0, 9.8, 8.4, 0.6, 0], 'ml'],
  'Apple Juice': ['apple juice (100%)', '', [46, 0.1, 0, 11, 10, 0.1, 0], 'ml'],
  Cola: [
    'carbonated water, sugar, colour: caramel, acid: phosphoric acid, flavourings, caffeine',
    '',
    [42, 0, 0, 11, 11, 0, 0],
    'ml',
  ],
  Lemonade: [
    'carbonated water, sugar, lemon juice (5%), citric acid, sulphite preservative [sulphites]',
    '',
    [40, 0, 0, 10, 10, 0, 0],
    'ml',
  ],
  'Ground Coffee': ['roasted ground arabica coffee (100%)', '', [2, 0, 0, 0.3, 0, 0.1, 0]],
  'Coffee Beans': ['roasted arabica coffee beans (100%)', '', [2, 0, 0, 0.3, 0, 0.1, 0]],
  'English Breakfast Tea': ['black tea (100%)', '', [1, 0, 0, 0.2, 0, 0.1, 0]],
  'Green Tea': ['green tea (100%)', '', [1, 0, 0, 0.2, 0, 0.1, 0]],
  'Elderflower Cordial': [
    'sugar, water, elderflower extract (4%), citric acid, sulphite preservative [sulphites]',
    '',
    [230, 0, 0, 57, 57, 0, 0],
    'ml',
  ],
  'Coconut Water': ['coconut water (100%)', '', [19, 0.2, 0.2, 3.7, 2.6, 0.7, 0.1], 'ml'],
  'Ginger Beer': [
    'carbonated water, sugar, ginger extract (2%), citric acid',
    '',
    [38, 0, 0, 9.5, 9.5, 0, 0],
    'ml',
  ],
  // Frozen
  'Garden Peas': fresh('peas', [77, 1.3, 0.2, 9.7, 5.2, 5.4, 0]),
  'Mixed Vegetables': ['carrots, peas, green beans, sweetcorn', '', [55, 0.6, 0.1, 8, 4.2, 2.9, 0]],
  'Margherita Pizza': [
    'wheat flour [gluten], tomato, mozzarella cheese [milk], water, olive oil, yeast, salt, basil',
    '',
    [245, 8.6, 4.1, 31, 3.8, 11, 1.2],
  ],
  'Vanilla Ice Cream': [
    'whole milk [milk], cream [milk], sugar, egg yolk [eggs], vanilla',
    'nuts',
    [201, 11, 7, 22, 20, 3.5, 0.1],
  ],
  'Fish Fingers': [
    'Alaska pollock [fish] (58%), wheat flour [gluten], rapeseed oil, water, salt, yeast',
    '',
    [206, 8.9, 0.7, 18, 1.2, 13, 0.6],
  ],
  'Oven Chips': ['potatoes (95%), sunflower oil', '', [156, 4.3, 0.4, 25, 0.5, 2.6, 0.1]],
  'Chicken Nuggets': [
    'chicken (60%), wheat flour [gluten], water, rapeseed oil, salt, spices',
    'celery, mustard',
    [237, 12, 1.2, 17, 0.8, 15, 1.1],
  ],
  'Frozen Berries': [
    'strawberries, raspberries, blackberries, blueberries',
    '',
    [38, 0.3, 0, 6.5, 5.5, 1, 0],
  ],
  'Vegetable Lasagne': [
    'pasta [gluten, eggs], tomatoes, courgettes, béchamel sauce [milk], cheddar cheese [milk], onions',
    'celery',
    [112, 4.4, 2.3, 12, 3.3, 4.8, 0.6],
  ],
  'Spinach Portions': fresh('spinach', [23, 0.4, 0.1, 1.4, 0.4, 2.9, 0.2]),
  'Mango Sorbet': [
    'water, mango purée (40%), sugar, lemon juice',
    '',
    [110, 0.1, 0, 27, 25, 0.3, 0],
  ],
  'Puff Pastry': [
    'wheat flour [gluten], vegetable margarine, water, salt',
    '',
    [409, 26, 12, 38, 1.3, 5.8, 0.9],
  ],
  // Snacks & Sweets
  'Sea Salt Crisps': ['potatoes, sunflower oil, sea salt', '', [520, 30, 2.6, 55, 0.5, 6.2, 1.3]],
  'Salted Peanuts': [
    'peanuts [peanuts] (96%), sunflower oil, salt',
    'nuts, sesame',
    [610, 51, 7.3, 9.2, 4.5, 27, 1],
  ],
  'Mixed Nuts': [
    'almonds [nuts], cashews [nuts], hazelnuts [nuts], walnuts [nuts], Brazil nuts [nuts]',
    'peanuts',
    [634, 57, 6.7, 8.8, 4.5, 20, 0],
  ],
  'Milk Chocolate Bar': [
    'sugar, cocoa butter, whole milk powder [milk], cocoa mass, emulsifier: soya lecithin [soya], vanilla',
    'nuts, gluten',
    [535, 30, 18, 57, 56, 7.7, 0.2],
  ],
  'Dark Chocolate 70%': [
    'cocoa mass, sugar, cocoa butter, emulsifier: soya lecithin [soya], vanilla',
    'milk, nuts',
    [580, 43, 26, 34, 29, 8, 0],
  ],
  'Digestive Biscuits': [
    'wheat flour [gluten], vegetable oil, wholemeal wheat flour [gluten], sugar, raising agents, salt',
    'milk',
    [478, 21, 9.8, 63, 17, 7, 1],
  ],
  'Chocolate Chip Cookies': [
    'wheat flour [gluten], sugar, chocolate chips (20%) [milk, soya], butter [milk], eggs [eggs]',
    'nuts',
    [495, 24, 13, 63, 35, 5.8, 0.7],
  ],
  Popcorn: ['maize, sunflower oil, sugar, salt', '', [480, 22, 2.3, 60, 15, 8, 0.8]],
  'Tortilla Chips': ['maize, sunflower oil, salt', '', [495, 24, 2.3, 61, 1.4, 6.6, 1.1]],
  'Fruit Gums': [
    'glucose syrup, sugar, gelatine, fruit juices from concentrate (5%), citric acid, colours',
    '',
    [327, 0.1, 0, 77, 55, 4.9, 0.1],
  ],
  'Rice Cakes': [
    'whole grain brown rice (99%), sea salt',
    'sesame',
    [387, 2.8, 0.6, 81, 0.9, 8.1, 0.4],
  ],
  'Granola Bars': [
    'oats [gluten] (45%), glucose syrup, honey, almonds [nuts], sunflower oil, rice flour',
    'peanuts, milk',
    [447, 17, 2.1, 63, 27, 7.8, 0.3],
  ],
  // Baby Care (the food of it)
  'Baby Porridge': [
    'oat flour [gluten], whole milk powder [milk], vitamins, minerals',
    '',
    [411, 9.5, 4.2, 63, 16, 15, 0.3],
  ],
  'Fruit Puree Pouches': ['apples (60%), bananas (40%)', '', [62, 0.2, 0, 14, 12, 0.6, 0]],
  'Baby Rice Cakes': ['whole grain rice (99%), thiamin', '', [393, 2.9, 0.7, 83, 0.6, 8, 0]],
  'Vegetable Puree Jars': [
    'carrots, sweet potatoes, parsnips, water',
    '',
    [48, 0.2, 0, 9.8, 4.4, 0.9, 0],
  ],
  // Health & Beauty (a food supplement)
  'Vitamin C Tablets': [
    'vitamin C (ascorbic acid), bulking agent: cellulose, anti-caking agent',
    '',
    [0, 0, 0, 0, 0, 0, 0],
  ],
};
