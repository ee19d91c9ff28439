-- Issue 27 item 13: the landing page's claims are company-profile settings, empty (not shown)
-- by default. A demo install loaded before this keeps the specification's figures, which are
-- the demo data's values; an operator's own values, and any install without demo data, are
-- left alone (the settings' values win over these on conflict).
UPDATE settings SET value = jsonb_build_object(
    'claimAssetsUnderManagement', '$500M+',
    'claimInvestors', '150+',
    'claimCompletedDeals', '25+',
    'claimPresence', 'Teams in Nairobi, Dubai and Port Louis source, structure and monitor transactions locally.',
    'claimPresenceAr', 'فرقنا في نيروبي ودبي وبورت لويس تستقطب الصفقات وتهيكلها وتتابعها محليًا.'
  ) || value
 WHERE key = 'app' AND EXISTS (SELECT 1 FROM settings WHERE key = 'demo_loaded');
