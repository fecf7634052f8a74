CREATE TABLE "bot_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"delivery_key" text NOT NULL,
	"platform" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_inbound_updates" (
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_inbound_updates_platform_external_id_pk" PRIMARY KEY("platform","external_id")
);
--> statement-breakpoint
CREATE TABLE "bot_link_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_link_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"method" text NOT NULL,
	"token_hash" text NOT NULL,
	"target" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"transferred_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_deliveries" ADD CONSTRAINT "bot_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_link_requests" ADD CONSTRAINT "bot_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_deliveries_key" ON "bot_deliveries" USING btree ("user_id","delivery_key");--> statement-breakpoint
CREATE INDEX "bot_link_requests_user_idx" ON "bot_link_requests" USING btree ("user_id","platform","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bot_link_requests_token_idx" ON "bot_link_requests" USING btree ("token_hash");