-- Issue 74, decision 168: an insert of many rows (a past-sales spreadsheet's batch of 1,000 items, their sales and
-- listings) fired one trigger, one NOTIFY or one UPDATE, per row: close to half of the import's writing. The insert
-- triggers now fire once per statement over its new rows (a transition table): the same NOTIFY per seller (PostgreSQL
-- folded the per-row ones into one per transaction anyway) and the same touch of each parent item not yet touched in
-- this transaction. Updates and deletes keep their per-row triggers.
CREATE OR REPLACE FUNCTION items_notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('item_changes', seller.user_id) FROM (SELECT DISTINCT user_id FROM new_rows) AS seller;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_touch_inserted_parents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET updated_at = now() WHERE id IN (SELECT item_id FROM new_rows) AND updated_at < now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS items_notify_insert ON items;
--> statement-breakpoint
CREATE TRIGGER items_notify_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION items_notify_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS channel_listings_notify_change ON channel_listings;
--> statement-breakpoint
CREATE TRIGGER channel_listings_notify_change AFTER UPDATE OR DELETE ON channel_listings FOR EACH ROW
  EXECUTE FUNCTION item_list_notify_change();
--> statement-breakpoint
CREATE TRIGGER channel_listings_notify_insert AFTER INSERT ON channel_listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION items_notify_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS channel_listings_touch_item ON channel_listings;
--> statement-breakpoint
CREATE TRIGGER channel_listings_touch_item AFTER DELETE ON channel_listings FOR EACH ROW
  EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
CREATE TRIGGER channel_listings_touch_item_insert AFTER INSERT ON channel_listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION items_touch_inserted_parents();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_touch_item ON sales;
--> statement-breakpoint
CREATE TRIGGER sales_touch_item AFTER DELETE ON sales FOR EACH ROW EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
CREATE TRIGGER sales_touch_item_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION items_touch_inserted_parents();
