CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_id" integer,
	"company_id" integer,
	"import_id" integer,
	"type" text NOT NULL,
	"actor_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text,
	"interaction_kind" text,
	"duration_minutes" integer,
	"changes" jsonb,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_subject_check" CHECK ("activities"."contact_id" is not null or "activities"."company_id" is not null or "activities"."import_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_contact_idx" ON "activities" USING btree ("user_id","contact_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "activities_company_idx" ON "activities" USING btree ("user_id","company_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "activities_import_idx" ON "activities" USING btree ("user_id","import_id") WHERE "activities"."import_id" is not null;