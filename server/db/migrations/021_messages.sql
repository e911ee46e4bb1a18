-- Messages that reach people: an outbox of e-mails and SMS, each written in the
-- same transaction as what causes it (a booking, a move or cancellation by the
-- clinic, a reminder coming due, a very low Thrive check, a password reset),
-- under a unique key, so a retried request or a second API instance never
-- writes it twice. The sender (server/messages/sender.ts) claims due messages
-- with a lease, delivers them, and records every attempt.

-- Per clinic: how long before an appointment its reminder goes, the intake
-- call's video room, and the care inbox staff alerts go to.
ALTER TABLE clinics
  ADD COLUMN reminder_lead interval NOT NULL DEFAULT '24 hours' CONSTRAINT clinics_reminder_lead_sane CHECK (
    reminder_lead >= interval '1 hour' AND reminder_lead <= interval '7 days'
  ),
  ADD COLUMN video_room_url text CONSTRAINT clinics_video_room_https CHECK (video_room_url ~ '^https://'),
  ADD COLUMN care_inbox text CONSTRAINT clinics_care_inbox_lowercase CHECK (care_inbox = lower(care_inbox));

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- What makes it once: e.g. `booking_confirmation:email:<appointment>`, `reminder:sms:<appointment>:<start>`.
  dedupe_key text NOT NULL CONSTRAINT messages_dedupe_key UNIQUE,
  kind text NOT NULL CONSTRAINT messages_kind_known CHECK (
    kind IN ('booking_confirmation', 'reminder', 'appointment_moved', 'appointment_cancelled', 'staff_alert',
             'temporary_password', 'invitation')
  ),
  channel text NOT NULL CONSTRAINT messages_channel_known CHECK (channel IN ('email', 'sms')),
  -- The person it goes to; null for a clinic's care inbox.
  recipient_id uuid REFERENCES users (id) ON DELETE CASCADE,
  -- The e-mail address or the E.164 number, as it was when the message was written.
  address text NOT NULL,
  clinic_id uuid REFERENCES clinics (id),
  appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
  -- What the template needs beyond the appointment and the clinic (never clinical detail). A temporary
  -- password is kept here only until the message is sent or given up, then erased.
  payload jsonb NOT NULL DEFAULT '{}',
  -- The subject line, written with the message, so a list shows what it was about without rendering it.
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CONSTRAINT messages_status_known CHECK (
    status IN ('pending', 'sent', 'delivered', 'failed', 'skipped')
  ),
  reason text,
  -- Not before then: quiet hours, or the backoff after a failed attempt.
  not_before timestamptz NOT NULL DEFAULT now(),
  -- A sender that claimed it holds it until then; a sender that died lets it go again.
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  -- After this the sender stops trying and the message is failed, for staff to see.
  give_up_at timestamptz NOT NULL,
  -- One-click unsubscribe (RFC 8058) from this kind of message, for a reminder.
  unsubscribe_token text CONSTRAINT messages_unsubscribe_token UNIQUE,
  provider_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
-- The sender's look for due messages.
CREATE INDEX messages_due_idx ON messages (not_before) WHERE status = 'pending';
CREATE INDEX messages_recipient_idx ON messages (recipient_id, created_at DESC);
CREATE INDEX messages_appointment_idx ON messages (appointment_id, created_at DESC);

-- Every attempt at delivery, as the provider answered it.
CREATE TABLE message_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  outcome text NOT NULL CONSTRAINT message_attempts_outcome_known CHECK (outcome IN ('sent', 'delivered', 'failed')),
  detail text,
  provider_id text
);
CREATE INDEX message_attempts_message_idx ON message_attempts (message_id, at);

-- A client's choice of channels per kind of message; no row means the defaults (openapi/messages/messages.ts).
CREATE TABLE message_preferences (
  client_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  topic text NOT NULL CONSTRAINT message_preferences_topic_known CHECK (
    topic IN ('booking_confirmation', 'reminder', 'appointment_change')
  ),
  email boolean NOT NULL,
  sms boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, topic)
);
