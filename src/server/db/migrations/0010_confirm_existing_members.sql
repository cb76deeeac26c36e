-- Sign-up now ends with an e-mail link (requireEmailVerification). Members who signed up before
-- that never had a link to click: they stay able to sign in.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
