-- Drafts saved before 0008 carry their first save's moment as a publish date that nobody chose (0008 marked every row
-- as chosen): they are dated when they are published, like drafts saved since. A date set more than a minute away
-- from the draft's creation was picked by hand and stays.
UPDATE "blog_posts" SET "publish_date_chosen" = false
WHERE "status" = 'draft' AND "publish_date_chosen"
	AND "published_at" BETWEEN "created_at" - interval '1 minute' AND "created_at" + interval '1 minute';
