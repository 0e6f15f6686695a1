DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_featured_idx";--> statement-breakpoint
DROP INDEX "products_category_featured_idx";--> statement-breakpoint
DROP INDEX "products_out_of_stock_featured_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_score" double precision GENERATED ALWAYS AS (coalesce("products"."rating_sum"::double precision / nullif("products"."rating_count", 0), 0)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","final_price_piastres","id");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_score","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category_id","featured_score","created_at","id");--> statement-breakpoint
CREATE INDEX "products_out_of_stock_featured_idx" ON "products" USING btree ("featured_score","created_at","id") WHERE "products"."available_items" = 0;