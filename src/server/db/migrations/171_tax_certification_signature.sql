-- The tax self-certification is signed with the same electronic signature as the subscription
-- agreement (decision 036; decision 049, 2026-11-27): a typed name or a drawn signature (the PNG
-- from the pad, base64, at most 200,000 bytes decoded), then re-authentication. Certifications
-- signed before this migration were typed.
ALTER TABLE tax_certifications
  ADD COLUMN signature_method text NOT NULL DEFAULT 'typed' CHECK (signature_method IN ('typed', 'drawn')),
  ADD COLUMN signature_png text CHECK (length(signature_png) <= 270000),
  ADD CONSTRAINT tax_certifications_drawn_has_png CHECK ((signature_method = 'drawn') = (signature_png IS NOT NULL));
