-- Search relevance (docs/decisions/0160): what a product is (the name's head noun and the kind's
-- keywords) ranks above the rest of the name, and typed words with no match are corrected to the
-- nearest catalogue word by trigram similarity.
create extension if not exists pg_trgm;

-- Filled by the seed: the name and the kind's keywords (title), and the head noun plus keywords
-- (what the product is: "milk" for Whole Milk, not for Milk Chocolate Bar).
alter table products add column what text not null default '';
alter table products add column keywords text not null default '';
alter table products add column title_search tsvector;
alter table products add column head_search tsvector;

-- Every word of names, keywords, brands and categories, for "did you mean" corrections.
create table search_words (word text primary key);
create index search_words_trgm on search_words using gin (word gin_trgm_ops);

-- Product pictures composed at seed time (docs/decisions/0161).
create table product_images (
  product_id text not null references products(id) on delete cascade,
  n int not null check (n between 1 and 3),
  svg text not null,
  primary key (product_id, n)
);
