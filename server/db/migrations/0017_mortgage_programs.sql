CREATE TABLE "mortgage_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lender" text NOT NULL,
	"rate" double precision NOT NULL,
	"min_down_payment_percent" double precision NOT NULL,
	"max_loan" double precision NOT NULL,
	"max_term_years" integer DEFAULT 30 NOT NULL,
	"realty_type" text DEFAULT 'ALL' NOT NULL,
	"for_families" boolean DEFAULT false NOT NULL,
	"for_it" boolean DEFAULT false NOT NULL,
	"valid_from" text NOT NULL,
	"valid_to" text,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
