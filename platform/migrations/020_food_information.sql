-- Food information of a product (docs/decisions/0214): ingredients, allergens, nutrition per
-- 100 g or 100 ml and storage as one JSON document (shared/grocery.ts FoodInformation; null for
-- what is not food), and the allergens it contains or may contain as arrays, for the search's
-- "free from" filter.
alter table products add column food jsonb;
alter table products add column allergens text[] not null default '{}';
alter table products add column may_contain text[] not null default '{}';
