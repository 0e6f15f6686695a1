-- The search's one spelling (src/shared/search-text.ts holds the same table, and a test checks that both
-- agree): alef with hamza or madda and alef wasla -> alef, alef maqsura -> yeh, teh marbuta -> heh,
-- hamza on waw -> waw, hamza on yeh -> yeh, Arabic-Indic and Persian digits -> ASCII, A-Z -> a-z; tatweel
-- and the harakat dropped (translate drops what has no counterpart). Immutable, so a generated column
-- can use it; written with U& escapes so no editor can reorder or merge the combining marks.
CREATE FUNCTION search_normalize(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT translate(
  value,
  U&'\0623\0625\0622\0671' || U&'\0649\0629\0624\0626'
    || U&'\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669'
    || U&'\06f0\06f1\06f2\06f3\06f4\06f5\06f6\06f7\06f8\06f9'
    || 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    || U&'\0640\064b\064c\064d\064e\064f\0650\0651\0652\0653\0654\0655\0670',
  U&'\0627\0627\0627\0627' || U&'\064a\0647\0648\064a'
    || '0123456789'
    || '0123456789'
    || 'abcdefghijklmnopqrstuvwxyz'
)
$$;--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_out_of_stock_featured_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
DROP INDEX "products_category_featured_idx";--> statement-breakpoint
-- Both columns in one statement: one rewrite of the table, not two.
ALTER TABLE "products" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS ("products"."available_items" > 0) STORED NOT NULL,
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_normalize("products"."name" || ' ' || "products"."name_ar")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("in_stock","featured_score","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category_id","in_stock","featured_score","created_at","id");
