-- Every change that alters who a session or API token acts as (the user, their sessions, memberships,
-- teams, tokens) notifies 'pathways_auth' with 'u:<user id>' or 't:<team id>'. Each process LISTENs and
-- drops its cached actors for that user or team (platform/auth/session-cache.ts), whichever code path
-- made the change (our routes, Better Auth's endpoints, the CLI, another process).
CREATE OR REPLACE FUNCTION pathways_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('pathways_auth', 'u:' || r.id);
  ELSIF TG_TABLE_NAME = 'teams' THEN
    PERFORM pg_notify('pathways_auth', 't:' || r.id);
  ELSIF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('pathways_auth', 'u:' || r.reference_id);
  ELSE
    PERFORM pg_notify('pathways_auth', 'u:' || r.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION pathways_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION pathways_auth_changed();
--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION pathways_auth_changed();
--> statement-breakpoint
CREATE TRIGGER teams_auth_changed AFTER UPDATE OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION pathways_auth_changed();
--> statement-breakpoint
-- not last_request, request_count or updated_at: verifying a token writes those on every use
CREATE TRIGGER api_keys_auth_changed AFTER DELETE OR UPDATE OF enabled, expires_at, permissions, metadata, reference_id, key, remaining ON api_keys FOR EACH ROW EXECUTE FUNCTION pathways_auth_changed();
