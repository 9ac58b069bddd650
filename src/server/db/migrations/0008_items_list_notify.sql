-- The dashboard list's cache (decision record 030) is dropped when anything the list shows changes: every insert,
-- update and delete of an item, of its photos and of its eBay listing row NOTIFYs channel item_changes with the
-- owner's user id (0003 sent only inserts and updates that moved updated_at). Event streams woken by a change
-- that moved no updated_at find nothing new and send nothing.
CREATE OR REPLACE FUNCTION item_list_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('item_changes', OLD.user_id);
  ELSE
    PERFORM pg_notify('item_changes', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS items_notify_update ON items;
--> statement-breakpoint
CREATE TRIGGER items_notify_update AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION item_list_notify_change();
--> statement-breakpoint
CREATE TRIGGER items_notify_delete AFTER DELETE ON items FOR EACH ROW EXECUTE FUNCTION item_list_notify_change();
--> statement-breakpoint
CREATE TRIGGER item_images_notify_change AFTER INSERT OR UPDATE OR DELETE ON item_images FOR EACH ROW
  EXECUTE FUNCTION item_list_notify_change();
--> statement-breakpoint
CREATE TRIGGER ebay_listings_notify_change AFTER INSERT OR UPDATE OR DELETE ON ebay_listings FOR EACH ROW
  EXECUTE FUNCTION item_list_notify_change();
