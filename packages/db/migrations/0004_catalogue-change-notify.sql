-- Every write to a table that public pages read announces itself on the channel nivaas_catalogue, once per
-- statement, delivered at commit, naming the schema and table (several test schemas share one PostgreSQL database). The API's public-response cache listens and forgets what it kept, so a cached
-- page is never older than the last committed catalogue change (docs/decisions/004-public-response-cache.md).
-- Tables of people's private data (sessions, passcodes, leads, favourites, tracking) are deliberately absent:
-- public responses never read them, and their writes must not flush the cache.
CREATE FUNCTION nivaas_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nivaas_catalogue', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cities_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER city_media_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON city_media FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER zones_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zones FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER locations_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER brokers_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brokers FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER builders_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON builders FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER projects_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER project_media_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_media FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER units_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER project_remarks_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_remarks FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER blogs_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER faqs_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER banners_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER contractors_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contractors FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();--> statement-breakpoint
CREATE TRIGGER construction_projects_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON construction_projects FOR EACH STATEMENT EXECUTE FUNCTION nivaas_notify_catalogue_change();
