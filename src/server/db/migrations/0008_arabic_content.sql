-- Issue 14: the Arabic texts of products and categories, empty where the owner has written none (Arabic
-- pages then show the English); an order line keeps the Arabic names it was sold under too. A column with
-- a constant default is added without rewriting the table.
ALTER TABLE "categories" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "category_name_ar" text DEFAULT '' NOT NULL;
