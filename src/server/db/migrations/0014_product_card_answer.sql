-- A listing card as two JSON texts (issue 18), for the generated columns `products.card_answer` and
-- `products.card_facts`, replacing `products.card`. The answer's fields that are columns as they are,
-- named as DESIGN §2 answers them (src/server/catalog/dto.ts, `ProductAnswerColumns`), are written
-- into the answer without being parsed or serialized again; the facts are what the server computes
-- the rest from (money in EGP, the average rating, the date, the images' addresses), named as
-- `ProductCardFacts` names them, createdAt in milliseconds since 1970. Declared immutable so generated
-- columns can use them, which they are: no argument's text form depends on a setting (no timestamp is
-- written as text, no float is written at all).
CREATE FUNCTION product_card_answer(
  id uuid, name text, slug text, description text, name_ar text, description_ar text, discount smallint,
  available_items integer, sold_items integer, rating_count integer, options jsonb, options_in_stock jsonb
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
SELECT json_build_object(
  '_id', id, 'id', id, 'name', name, 'slug', slug, 'description', description, 'nameAr', name_ar,
  'descriptionAr', description_ar, 'discount', discount, 'avaliableItems', available_items,
  'soldItems', sold_items, 'ratingCount', rating_count, 'options', options,
  'optionsInStock', options_in_stock
)::text
$$;--> statement-breakpoint
CREATE FUNCTION product_card_facts(
  id uuid, price_piastres integer, final_price_piastres integer, available_items integer,
  rating_sum integer, rating_count integer, created_at timestamptz, default_image jsonb, sub_images jsonb
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
SELECT json_build_object(
  'id', id, 'pricePiastres', price_piastres, 'finalPricePiastres', final_price_piastres,
  'availableItems', available_items, 'ratingSum', rating_sum, 'ratingCount', rating_count,
  'createdAt', floor(extract(epoch from created_at) * 1000)::bigint, 'defaultImage', default_image,
  'subImages', sub_images
)::text
$$;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "card";--> statement-breakpoint
DROP FUNCTION product_card;--> statement-breakpoint
-- One statement, so the table is written once.
ALTER TABLE "products" ADD COLUMN "card_answer" text GENERATED ALWAYS AS (product_card_answer("products"."id", "products"."name", "products"."slug", "products"."description", "products"."name_ar", "products"."description_ar", "products"."discount", "products"."available_items", "products"."sold_items", "products"."rating_count", "products"."options", "products"."options_in_stock")) STORED NOT NULL,
  ADD COLUMN "card_facts" text GENERATED ALWAYS AS (product_card_facts("products"."id", "products"."price_piastres", "products"."final_price_piastres", "products"."available_items", "products"."rating_sum", "products"."rating_count", "products"."created_at", "products"."default_image", "products"."sub_images")) STORED NOT NULL;
