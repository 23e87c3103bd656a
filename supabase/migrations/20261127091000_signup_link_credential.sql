-- Pre-account takeover (issue #28 item 3): a sign-up confirmation link carries the password
-- hash of the sign-up request it was mailed for, and confirming sets exactly that password.
-- So only the credential of the request whose link was followed survives confirmation; a
-- later sign-up for the same unconfirmed address replaces the earlier link and credential.
alter table pneuma_private.one_time_tokens add column if not exists password_hash text;
