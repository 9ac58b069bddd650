-- Event streams (decision record 016): every committed insert of an item, and every update that moves its
-- updated_at, NOTIFYs channel item_changes with the owner's user id, whichever process wrote it. PostgreSQL
-- folds identical notifications of one transaction into one, so a bulk update sends one per user.
CREATE OR REPLACE FUNCTION items_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('item_changes', NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_notify_insert AFTER INSERT ON items FOR EACH ROW EXECUTE FUNCTION items_notify_change();
--> statement-breakpoint
CREATE TRIGGER items_notify_update AFTER UPDATE ON items FOR EACH ROW
  WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION items_notify_change();
