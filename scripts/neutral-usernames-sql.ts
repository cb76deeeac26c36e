// Prints the SQL of migration 0004 (neutral usernames for existing members) from the same word
// lists new members get their starting username from: `node --import tsx scripts/neutral-usernames-sql.ts`.
import { NAME_ANIMALS, NAME_COLOURS } from '../src/server/account/neutral-username';

const array = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

process.stdout.write(`-- Members whose username is still the starting one (never changed) get a neutral one: until
-- now it was their e-mail's local part, which Explore and share pages could leak. A colour, an
-- animal and a number from the lists src/server/account/neutral-username.ts gives new members
-- (made by scripts/neutral-usernames-sql.ts); username_changed_at stays null, so the member's one
-- change is still theirs.
DO $$
DECLARE
  colours text[] := ${array(NAME_COLOURS)};
  animals text[] := ${array(NAME_ANIMALS)};
  member record;
  candidate text;
BEGIN
  FOR member IN SELECT user_id FROM profiles WHERE username_changed_at IS NULL LOOP
    LOOP
      candidate := colours[1 + floor(random() * array_length(colours, 1))::int]
        || '_' || animals[1 + floor(random() * array_length(animals, 1))::int]
        || '_' || (1000 + floor(random() * 9000))::int;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM profiles WHERE username = candidate);
    END LOOP;
    UPDATE profiles SET username = candidate WHERE user_id = member.user_id;
  END LOOP;
END
$$;
`);
