-- Every statement that changes the content the API lists read (projects, problems, their elements and
-- links, metrics and their targets, data points, survey questions, metric values) notifies
-- 'pathways_content' once per team it touched, with the team id. Each process LISTENs (on the
-- connection that listens for 'pathways_auth') and bumps that team's content version, which drops
-- its cached API list pages for the team (platform/http/list-cache.ts), whichever code path made the
-- change (page routes, the API, the CLI, another process). Statement-level with transition tables:
-- one notification per team and statement, not per row (PostgreSQL also folds identical
-- notifications of one transaction into one). TRUNCATE notifies '*': every team.
CREATE OR REPLACE FUNCTION pathways_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('pathways_content', '*');
  ELSIF TG_OP = 'INSERT' THEN
    FOR t IN SELECT DISTINCT team_id FROM new_rows LOOP
      PERFORM pg_notify('pathways_content', t);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR t IN SELECT DISTINCT team_id FROM old_rows LOOP
      PERFORM pg_notify('pathways_content', t);
    END LOOP;
  ELSE
    FOR t IN SELECT team_id FROM old_rows UNION SELECT team_id FROM new_rows LOOP
      PERFORM pg_notify('pathways_content', t);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_content_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER projects_content_updated AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER projects_content_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER problems_content_inserted AFTER INSERT ON problems REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER problems_content_updated AFTER UPDATE ON problems REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER problems_content_deleted AFTER DELETE ON problems REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_elements_content_inserted AFTER INSERT ON toc_elements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_elements_content_updated AFTER UPDATE ON toc_elements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_elements_content_deleted AFTER DELETE ON toc_elements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_links_content_inserted AFTER INSERT ON toc_links REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_links_content_updated AFTER UPDATE ON toc_links REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_links_content_deleted AFTER DELETE ON toc_links REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metrics_content_inserted AFTER INSERT ON metrics REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metrics_content_updated AFTER UPDATE ON metrics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metrics_content_deleted AFTER DELETE ON metrics REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_targets_content_inserted AFTER INSERT ON metric_targets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_targets_content_updated AFTER UPDATE ON metric_targets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_targets_content_deleted AFTER DELETE ON metric_targets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER data_points_content_inserted AFTER INSERT ON data_points REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER data_points_content_updated AFTER UPDATE ON data_points REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER data_points_content_deleted AFTER DELETE ON data_points REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER survey_questions_content_inserted AFTER INSERT ON survey_questions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER survey_questions_content_updated AFTER UPDATE ON survey_questions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER survey_questions_content_deleted AFTER DELETE ON survey_questions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_values_content_inserted AFTER INSERT ON metric_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_values_content_updated AFTER UPDATE ON metric_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_values_content_deleted AFTER DELETE ON metric_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER projects_content_truncated AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER problems_content_truncated AFTER TRUNCATE ON problems FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_elements_content_truncated AFTER TRUNCATE ON toc_elements FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER toc_links_content_truncated AFTER TRUNCATE ON toc_links FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metrics_content_truncated AFTER TRUNCATE ON metrics FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_targets_content_truncated AFTER TRUNCATE ON metric_targets FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER data_points_content_truncated AFTER TRUNCATE ON data_points FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER survey_questions_content_truncated AFTER TRUNCATE ON survey_questions FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
--> statement-breakpoint
CREATE TRIGGER metric_values_content_truncated AFTER TRUNCATE ON metric_values FOR EACH STATEMENT EXECUTE FUNCTION pathways_content_changed();
