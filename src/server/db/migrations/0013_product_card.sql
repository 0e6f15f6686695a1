-- A listing card's columns as one JSON text, named as src/server/catalog/dto.ts's ProductDtoRow names them
-- (createdAt in milliseconds since 1970), for the generated column `products.card`. Declared immutable
-- so a generated column can use it, which it is: no argument's text form depends on a setting (no
-- timestamp is written as text, no float is written at all).
CREATE FUNCTION product_card(
  id uuid, name text, slug text, description text, name_ar text, description_ar text,
  price_piastres integer, discount smallint, final_price_piastres integer, available_items integer,
  sold_items integer, default_image jsonb, sub_images jsonb, rating_sum integer, rating_count integer,
  created_at timestamptz, options jsonb, options_in_stock jsonb
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
SELECT json_build_object(
  'id', id, 'name', name, 'slug', slug, 'description', description, 'nameAr', name_ar,
  'descriptionAr', description_ar, 'pricePiastres', price_piastres, 'discount', discount,
  'finalPricePiastres', final_price_piastres, 'availableItems', available_items, 'soldItems', sold_items,
  'defaultImage', default_image, 'subImages', sub_images, 'ratingSum', rating_sum,
  'ratingCount', rating_count, 'createdAt', floor(extract(epoch from created_at) * 1000)::bigint,
  'options', options, 'optionsInStock', options_in_stock
)::text
$$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card" text GENERATED ALWAYS AS (product_card("products"."id", "products"."name", "products"."slug", "products"."description", "products"."name_ar", "products"."description_ar", "products"."price_piastres", "products"."discount", "products"."final_price_piastres", "products"."available_items", "products"."sold_items", "products"."default_image", "products"."sub_images", "products"."rating_sum", "products"."rating_count", "products"."created_at", "products"."options", "products"."options_in_stock")) STORED NOT NULL;