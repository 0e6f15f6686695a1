-- A listing card as one text (issue 18), for the generated column `products.card`, replacing
-- `card_answer` and `card_facts`: the product's whole answer as DESIGN §2 writes it (src/server/catalog/
-- dto.ts, `productDto`) but its category, which the server names from the categories it keeps. Every
-- image address is written as the byte 0x01 followed by the key: the reader puts the object store's
-- address prefix there (src/server/catalog/queries.ts, `findProductCards`). JSON escapes every control
-- character, so that byte is nowhere else. Money, the average rating and the date are never written
-- as a float's text or through a setting (whole piastres and tenths; the date in UTC), so the functions
-- are as immutable as they are declared, which generated columns need. Each rule is the server's too
-- (`toEgp`, `averageRating`, `imageDto`, `MAX_STORED_WIDTH_PX` = 1600 for an original stored before
-- its width was recorded); src/server/catalog/listing-index.test.ts holds the two writings equal.
CREATE FUNCTION json_string_body(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT substr(to_json(value)::text, 2, length(to_json(value)::text) - 2) $$;--> statement-breakpoint
CREATE FUNCTION product_card_egp(piastres integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
SELECT (piastres / 100)::text || CASE
  WHEN piastres % 100 = 0 THEN ''
  WHEN piastres % 10 = 0 THEN '.' || (piastres % 100 / 10)::text
  ELSE '.' || lpad((piastres % 100)::text, 2, '0')
END
$$;--> statement-breakpoint
CREATE FUNCTION product_card_image(image jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  address text;
  stem text;
  width text;
  srcset text := '';
BEGIN
  IF image IS NULL OR jsonb_typeof(image) <> 'object' THEN
    RETURN '{"url":""}';
  END IF;
  address := chr(1) || json_string_body(image->>'key');
  IF coalesce(jsonb_array_length(image->'widths'), 0) = 0 THEN
    RETURN '{"url":"' || address || '"}';
  END IF;
  stem := regexp_replace(image->>'key', '\.webp$', '');
  FOR i IN 0 .. jsonb_array_length(image->'widths') - 1 LOOP
    width := image->'widths'->>i;
    srcset := srcset || chr(1) || json_string_body(stem || '-' || width || '.webp') || ' ' || width || 'w, ';
  END LOOP;
  RETURN '{"url":"' || address || '","srcset":"' || srcset || address || ' '
    || coalesce(image->>'width', '1600') || 'w"}';
END
$$;--> statement-breakpoint
CREATE FUNCTION product_card(
  id uuid, name text, slug text, description text, name_ar text, description_ar text,
  price_piastres integer, discount smallint, final_price_piastres integer, available_items integer,
  sold_items integer, rating_sum integer, rating_count integer, created_at timestamptz,
  default_image jsonb, sub_images jsonb, options jsonb, options_in_stock jsonb
) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  default_json text := product_card_image(default_image);
  sub_json text := '';
  images_json text;
  tenths integer := 0;
BEGIN
  FOR i IN 0 .. jsonb_array_length(sub_images) - 1 LOOP
    sub_json := sub_json || CASE WHEN i > 0 THEN ',' ELSE '' END || product_card_image(sub_images->i);
  END LOOP;
  images_json := CASE
    WHEN default_json = '{"url":""}' THEN sub_json
    WHEN sub_json = '' THEN default_json
    ELSE default_json || ',' || sub_json
  END;
  IF rating_count > 0 THEN
    -- The same double-precision steps as `averageRating`'s Math.round((sum / count) * 10), so a
    -- rating on a tie rounds alike (half up: for an average of 1 to 5, floor(x + 0.5) is Math.round(x)).
    tenths := floor(rating_sum::float8 / rating_count * 10 + 0.5)::integer;
  END IF;
  RETURN '{"_id":' || to_json(id)::text || ',"id":' || to_json(id)::text
    || ',"name":' || to_json(name)::text || ',"slug":' || to_json(slug)::text
    || ',"description":' || to_json(description)::text || ',"nameAr":' || to_json(name_ar)::text
    || ',"descriptionAr":' || to_json(description_ar)::text
    || ',"price":' || product_card_egp(price_piastres) || ',"discount":' || discount::text
    || ',"finalPrice":' || product_card_egp(final_price_piastres)
    || ',"defaultImage":' || default_json || ',"subImages":[' || sub_json || '],"images":[' || images_json
    || '],"avaliableItems":' || available_items::text || ',"soldItems":' || sold_items::text
    || ',"inStock":' || (available_items > 0)::text
    || ',"averageRating":' || (tenths / 10)::text
    || CASE WHEN tenths % 10 = 0 THEN '' ELSE '.' || (tenths % 10)::text END
    || ',"ratingCount":' || rating_count::text
    || ',"createdAt":"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"options":' || options::text || ',"optionsInStock":' || options_in_stock::text || '}';
END
$$;--> statement-breakpoint
-- One statement, so the table is written once.
ALTER TABLE "products" DROP COLUMN "card_answer",
  DROP COLUMN "card_facts",
  ADD COLUMN "card" text GENERATED ALWAYS AS (product_card("products"."id", "products"."name", "products"."slug", "products"."description", "products"."name_ar", "products"."description_ar", "products"."price_piastres", "products"."discount", "products"."final_price_piastres", "products"."available_items", "products"."sold_items", "products"."rating_sum", "products"."rating_count", "products"."created_at", "products"."default_image", "products"."sub_images", "products"."options", "products"."options_in_stock")) STORED NOT NULL;--> statement-breakpoint
DROP FUNCTION product_card_answer;--> statement-breakpoint
DROP FUNCTION product_card_facts;
