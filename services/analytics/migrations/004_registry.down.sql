DROP TABLE admin_actions;
DROP TABLE project_events;
DROP TABLE projects;
