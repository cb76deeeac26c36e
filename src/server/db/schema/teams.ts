// Enterprise teams: the tables of Better Auth's organization plugin (field names as its drizzle
// adapter expects; auth.ts maps its models organization/member/invitation to these). A team is an
// organization; its owner's Enterprise plan is shared by its members (membership/plan.ts).
import { relations } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const teams = pgTable('team', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamMembers = pgTable(
  'team_member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' or 'member'. */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_member_team_idx').on(t.organizationId),
    // One team per person: the plan a member gets from a team is never ambiguous.
    uniqueIndex('team_member_user_idx').on(t.userId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitation',
  {
    /** Also the token in the invitation link (a random UUID; only its addressee can use it). */
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    role: text('role'),
    /** pending | accepted | rejected | canceled */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('team_invitation_team_idx').on(t.organizationId),
    index('team_invitation_email_idx').on(t.email),
  ],
);

// Relations named as the organization plugin's joins ask for them (experimental.joins in auth.ts).
export const teamsRelations = relations(teams, ({ many }) => ({
  members: many(teamMembers),
  invitations: many(teamInvitations),
}));
export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  user: one(users, { fields: [teamMembers.userId], references: [users.id] }),
  organization: one(teams, { fields: [teamMembers.organizationId], references: [teams.id] }),
}));
export const teamInvitationsRelations = relations(teamInvitations, ({ one }) => ({
  organization: one(teams, { fields: [teamInvitations.organizationId], references: [teams.id] }),
}));
