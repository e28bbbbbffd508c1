CREATE TABLE "post_share_cards" (
	"post_id" bigint PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_share_cards" ADD CONSTRAINT "post_share_cards_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_share_cards_sha256_idx" ON "post_share_cards" USING btree ("sha256");