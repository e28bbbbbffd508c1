-- Categories and tags are lists of strings or of objects with a name: their names, trimmed, as text[].
CREATE FUNCTION "blog_term_names"(terms jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(name), '{}') FROM jsonb_array_elements(
		CASE jsonb_typeof(terms) WHEN 'array' THEN terms ELSE '[]'::jsonb END) AS term,
	LATERAL (SELECT btrim(CASE jsonb_typeof(term) WHEN 'string' THEN term #>> '{}' WHEN 'object' THEN term ->> 'name' END)) AS n(name)
	WHERE name <> ''
$$;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "category_names" text[] GENERATED ALWAYS AS (blog_term_names("blog_posts"."categories")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tag_names" text[] GENERATED ALWAYS AS (blog_term_names("blog_posts"."tags")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("blog_posts"."title", '')), 'A')
		|| setweight(jsonb_to_tsvector('english'::regconfig, "blog_posts"."categories", '["string"]')
			|| jsonb_to_tsvector('english'::regconfig, "blog_posts"."tags", '["string"]'), 'B')
		|| setweight(to_tsvector('english'::regconfig, coalesce("blog_posts"."excerpt", '')), 'C')
		|| setweight(to_tsvector('english'::regconfig, left(regexp_replace(regexp_replace(regexp_replace(coalesce(nullif(btrim("blog_posts"."bodyhtml"), ''), "blog_posts"."content", ''), '<[^>]*>|\]\([^)]*\)', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), '[[:cntrl:]<>*_#`~|\[\]]+', ' ', 'g'), 200000)), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "blog_posts_category_names_idx" ON "blog_posts" USING gin ("category_names");--> statement-breakpoint
CREATE INDEX "blog_posts_tag_names_idx" ON "blog_posts" USING gin ("tag_names");--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search");