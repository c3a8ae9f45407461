// Accessible names of a product's add buttons (issue #9: "Add 1", "Add case of 12").
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Add case of <n> <product>", whatever the case size. */
export const addCase = (productName: string) =>
  new RegExp(`^Add case of \\d+ ${escape(productName)}$`);
