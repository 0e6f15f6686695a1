DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_discount_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS ("products"."available_items" = 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_asc_idx" ON "products" USING btree ("sold_out","name","id");--> statement-breakpoint
CREATE INDEX "products_name_desc_idx" ON "products" USING btree ("in_stock","name","id");--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree ("sold_out","final_price_piastres","id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("in_stock","final_price_piastres","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("in_stock","created_at","id");--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("in_stock","discount","id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","in_stock","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","in_stock","final_price_piastres","id");