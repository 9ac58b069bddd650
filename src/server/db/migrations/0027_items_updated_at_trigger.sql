-- Issue 43, decision 075: an item's updated_at (the event stream's and the dashboard's cursor, decisions 016 and
-- 043) is kept by the database, not by hand-written touches in the code that writes it.
--
-- Every update of an item that changes anything but the upload's progress moves its updated_at to now() (the
-- transaction's start, as every touch before it wrote), unless the update sets updated_at itself.
CREATE OR REPLACE FUNCTION items_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at
    AND (to_jsonb(NEW) - 'upload_received') IS DISTINCT FROM (to_jsonb(OLD) - 'upload_received') THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS items_set_updated_at ON items;
--> statement-breakpoint
CREATE TRIGGER items_set_updated_at BEFORE UPDATE ON items FOR EACH ROW EXECUTE FUNCTION items_set_updated_at();
--> statement-breakpoint
-- An insert, change or delete of an item's child row (its channel listings, its photos, its sales) moves the item's
-- updated_at too, so the stream sends the item again and its LISTEN wakes (sales have no NOTIFY of their own).
-- A row moved to another item touches both. An item already touched in this transaction (or later, by another clock) is left alone.
CREATE OR REPLACE FUNCTION items_touch_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE items SET updated_at = now() WHERE id = OLD.item_id AND updated_at < now();
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE items SET updated_at = now() WHERE id = NEW.item_id AND updated_at < now();
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.item_id IS DISTINCT FROM OLD.item_id THEN
      UPDATE items SET updated_at = now() WHERE id = NEW.item_id AND updated_at < now();
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS channel_listings_touch_item ON channel_listings;
--> statement-breakpoint
CREATE TRIGGER channel_listings_touch_item AFTER INSERT OR DELETE ON channel_listings FOR EACH ROW
  EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS channel_listings_touch_item_update ON channel_listings;
--> statement-breakpoint
CREATE TRIGGER channel_listings_touch_item_update AFTER UPDATE ON channel_listings FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS item_images_touch_item ON item_images;
--> statement-breakpoint
CREATE TRIGGER item_images_touch_item AFTER INSERT OR DELETE ON item_images FOR EACH ROW
  EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS item_images_touch_item_update ON item_images;
--> statement-breakpoint
CREATE TRIGGER item_images_touch_item_update AFTER UPDATE ON item_images FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_touch_item ON sales;
--> statement-breakpoint
CREATE TRIGGER sales_touch_item AFTER INSERT OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION items_touch_parent();
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_touch_item_update ON sales;
--> statement-breakpoint
CREATE TRIGGER sales_touch_item_update AFTER UPDATE ON sales FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION items_touch_parent();
