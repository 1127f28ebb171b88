/**
 * Editorial content for the demo: blog articles, FAQs, hero banners and review comments. Written for Indian
 * home buyers so the site reads like a real portal; figures are illustrative, not advice.
 */
import type { Approval, Status } from '../../enums';

export interface BlogSeed {
  title: string;
  excerpt: string;
  /** Paragraphs, joined with blank lines (the client renders plain text or simple markup). */
  body: readonly string[];
  author: string;
  status: Status;
  approval: Approval;
}

export const BLOGS: readonly BlogSeed[] = [
  {
    title: 'Whitefield or Sarjapur Road: where should a Bengaluru techie buy in 2025?',
    excerpt: 'Two of East Bengaluru’s busiest corridors compared on commute, prices, schools and what the metro changes.',
    body: [
      'Whitefield has had a head start: the ITPL campus, the Purple Line metro to Whitefield (Kadugodi) and a dense ring of schools and hospitals make it the safer bet for a family that wants everything within a short drive.',
      'Sarjapur Road is younger and cheaper per square foot, with large gated communities and plenty of new launches. The catch is the daily drive to the Outer Ring Road; the proposed metro line will help, but buy for today’s commute, not the brochure’s.',
      'Rule of thumb: if you work in Whitefield or Mahadevapura, buy there or in Varthur; if you work on the ORR between Bellandur and Marathahalli, Sarjapur Road gives you more home for the money.',
    ],
    author: 'Nivaas Research Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'RERA explained: seven things to check before you book a flat',
    excerpt: 'The registration number is the start, not the end. Here is what the state RERA website tells you in ten minutes.',
    body: [
      'Every project above 500 square metres or eight apartments must be registered with the state’s Real Estate Regulatory Authority before it is advertised. Search the registration number on the state portal and read the project page, not just the certificate.',
      'Check the declared completion date, the quarterly progress updates, the sanctioned plan, the number of units and any complaints filed. A project with no updates for two quarters deserves a phone call to the builder.',
      'RERA also caps the advance at ten per cent before the sale agreement is registered, and carpet area is the only area a builder may sell by. Keep a copy of everything you download.',
    ],
    author: 'Legal Team',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Carpet, built-up and super built-up area, decoded',
    excerpt: 'Why a “1,200 sq ft” flat can have 850 sq ft of floor you can actually use.',
    body: [
      'Carpet area is the usable floor inside your walls. Built-up area adds the thickness of the walls and balconies. Super built-up area adds your share of lobbies, lifts, staircases and the clubhouse.',
      'The loading, the difference between carpet and super built-up, is commonly 25 to 35 per cent. Two flats at the same per-square-foot price can be very different deals once you compare carpet areas.',
      'Under RERA, sale agreements must state the carpet area. Ask for it in writing and divide the total price by it to compare projects fairly.',
    ],
    author: 'Nivaas Research Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Home loan EMI: what a 0.5% rate cut really saves you',
    excerpt: 'On a ₹75 lakh loan over 20 years, half a percentage point is worth more than a modular kitchen.',
    body: [
      'At 9 per cent for 20 years, a ₹75 lakh loan costs about ₹67,500 a month. At 8.5 per cent the EMI falls to roughly ₹65,100, a saving of about ₹2,400 a month and close to ₹5.8 lakh over the loan.',
      'When rates fall, banks often keep the EMI and shorten the tenure instead. Ask for the option that suits you: a lower EMI frees cash now, a shorter tenure saves more interest.',
      'Use our mortgage calculator to try your own numbers, and compare the processing fee and prepayment terms, not just the headline rate.',
    ],
    author: 'Finance Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Ready to move or under construction? The GST and risk trade-off',
    excerpt: 'Under-construction homes carry 5% GST (1% for affordable housing); completed ones carry none. Is the discount worth the wait?',
    body: [
      'A flat with an occupancy certificate attracts no GST. An under-construction flat attracts 5 per cent without input tax credit, or 1 per cent if it qualifies as affordable housing (carpet area up to 60 sq m in metros and a price up to ₹45 lakh).',
      'Builders usually price new launches 10 to 20 per cent below ready inventory to make up for the wait and the risk. Check the builder’s delivery record on RERA before counting on the possession date.',
      'If you are paying rent today, add the rent you will pay until possession to the price of the under-construction option before comparing.',
    ],
    author: 'Finance Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Hinjewadi, Wakad and Baner: West Pune after Metro Line 3',
    excerpt: 'The Hinjewadi–Shivajinagar metro is changing which West Pune pockets rent fastest.',
    body: [
      'Hinjewadi’s IT parks employ a very large workforce, and for years the drive from Baner or Aundh was the price of living somewhere pleasant. The metro line along University Road shortens that trip for everyone near a station.',
      'Wakad and Punawale offer the best value for families who want new gated projects with a short drive to Phase 1 and 2. Baner and Balewadi remain the premium choice, with the High Street for restaurants and shopping.',
      'Investors should look at rental demand near stations; end users should visit at 9 am on a weekday before deciding.',
    ],
    author: 'Pune Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Golf Course Extension Road: why Gurugram’s newest luxury corridor is busy',
    excerpt: 'Large towers, wide roads and quick access to Sohna Road and the Southern Peripheral Road.',
    body: [
      'Golf Course Extension Road links the established Golf Course Road with Sohna Road and the Southern Peripheral Road. Sectors 58 to 66 along it have become the city’s address for new high-rise launches.',
      'Prices have risen quickly, so compare carpet areas and maintenance charges carefully. Many projects quote large super built-up areas with generous loading.',
      'For end users, check the water supply and the condition of internal sector roads during the monsoon before you commit.',
    ],
    author: 'NCR Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Buying a plot in Bengaluru: A-Khata, B-Khata and BMRDA approvals',
    excerpt: 'A plot is only as good as its papers. What to ask for before you pay a token amount.',
    body: [
      'Within BBMP limits, an A-Khata plot is fully compliant and gets building plan approval and bank loans easily. B-Khata properties have deviations or pending conversions and are harder to finance.',
      'Outside BBMP, layouts should be approved by BDA, BMRDA or the local planning authority, with land converted from agricultural use (DC conversion). Ask for the layout plan and the conversion order.',
      'Get an encumbrance certificate for at least 30 years and have a lawyer trace the title. Banks’ legal opinions are a useful second check.',
    ],
    author: 'Legal Team',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'An NRI’s guide to buying property in India',
    excerpt: 'Power of attorney, NRE vs NRO accounts, TDS on resale and repatriation in one place.',
    body: [
      'NRIs may buy residential and commercial property in India without RBI permission, but not agricultural land, plantations or farmhouses. Payment must come through normal banking channels: an NRE, NRO or FCNR account, or inward remittance.',
      'If you cannot be present for registration, a registered power of attorney lets a trusted person act for you. Keep its scope narrow and its term short.',
      'When you sell, the buyer deducts TDS on the capital gain at NRI rates. Plan the sale with a chartered accountant to claim exemptions and repatriate the proceeds within the allowed limits.',
    ],
    author: 'Finance Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Your pre-possession inspection checklist',
    excerpt: 'Bring a spirit level, a ball and a phone charger. Twenty minutes now saves months of follow-ups.',
    body: [
      'Check every door and window for smooth closing, every tap for pressure and leaks, and every switch and socket with a phone charger. Roll a ball across floors to find slopes, and tap tiles to find hollow ones.',
      'Look for damp patches on ceilings below bathrooms and on external walls, and check the slope of balcony and bathroom floors towards the drain.',
      'Write everything down with photos, share the list with the builder in writing, and re-inspect before you sign the possession letter.',
    ],
    author: 'Nivaas Research Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Stamp duty and registration charges across Indian states',
    excerpt: 'From 3% to 8%: how much extra to budget in Mumbai, Bengaluru, Delhi and Hyderabad.',
    body: [
      'Stamp duty is a state levy, so it varies. Maharashtra charges around 6 per cent in Mumbai including metro cess; Karnataka about 5 per cent plus surcharges; Telangana close to 7.5 per cent including transfer duty and registration.',
      'Several states offer women buyers a concession of one or two percentage points, so registering in a woman’s name or jointly can save real money.',
      'Registration fees are usually around 1 per cent. Add them, stamp duty and GST (for under-construction homes) to the agreement value when you plan your down payment.',
    ],
    author: 'Legal Team',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Rent or buy in Mumbai? Running the numbers for a 2 BHK',
    excerpt: 'With rental yields near 3%, buying only wins if you stay long enough.',
    body: [
      'A ₹2 crore 2 BHK in the western suburbs might rent for about ₹55,000 a month, a gross yield near 3.3 per cent. A home loan at 8.5 per cent costs far more than that in interest in the early years.',
      'Buying still makes sense if you plan to stay ten years or more, value security of tenure, or expect your income to rise faster than rents.',
      'If you rent, invest the difference between the EMI and the rent every month; that discipline is what makes renting the better financial choice.',
    ],
    author: 'Finance Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'OMR, Chennai: living along the IT Expressway',
    excerpt: 'Sholinganallur, Perungudi and Thoraipakkam compared for families and first-time buyers.',
    body: [
      'Old Mahabalipuram Road runs past most of Chennai’s IT parks. Perungudi and Thoraipakkam are closest to the city and priced accordingly; Sholinganallur and beyond offer larger homes for the same budget.',
      'Flooding is the question every buyer should ask. Check the site’s history during the 2015 and 2023 floods and the elevation of the basement and access road.',
      'Schools and hospitals have caught up with the offices, and the metro’s Phase 2 along OMR will shorten trips to the city centre.',
    ],
    author: 'Chennai Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Kokapet and Narsingi: Hyderabad’s new luxury address',
    excerpt: 'Tall towers near the Outer Ring Road and the Financial District, and what to watch for.',
    body: [
      'Kokapet and Narsingi sit between the Financial District and the Outer Ring Road, which puts Gachibowli offices a short drive away. The area has drawn many high-rise launches with large flats.',
      'Supply is high, so negotiate. Compare builders’ delivery records in Telangana RERA and check the approach roads to each site.',
      'For families, the international schools along the ORR are a draw; for investors, rental demand from the Financial District keeps occupancy healthy.',
    ],
    author: 'Hyderabad Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'New Town Kolkata: planned living on the city’s east',
    excerpt: 'Wide roads, the metro and a steady stream of projects make New Town the first choice for young buyers.',
    body: [
      'New Town (Rajarhat) was planned from scratch, and it shows: wide roads, cycle tracks, Eco Park and a growing metro network. Offices in Sector V are a short ride away.',
      'Prices remain well below South Kolkata, which is why first-time buyers and IT professionals dominate demand.',
      'Check the action area and the distance to the nearest metro station; they decide both daily convenience and resale value.',
    ],
    author: 'Kolkata Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Vastu questions buyers ask, and what actually matters',
    excerpt: 'East-facing entrances, kitchen corners and bedroom placements: how to weigh them against light and ventilation.',
    body: [
      'Many buyers prefer east- or north-facing entrances, and in resale markets these flats often command a small premium. That alone is a reason to know the facing of what you buy.',
      'Cross-ventilation, morning light and distance from the lift core change how a home feels far more than any single rule. Visit at different times of day.',
      'If Vastu matters to your family, make a short list of must-haves and be flexible on the rest; you will see many more good homes.',
    ],
    author: 'Nivaas Research Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Kakkanad: how Infopark shaped Kochi’s eastern suburbs',
    excerpt: 'Apartments, villas and rentals around Infopark and SmartCity.',
    body: [
      'Kakkanad grew around Infopark and the civil station, and now has apartments at every budget, from compact 2 BHKs to villa communities.',
      'Traffic on Seaport–Airport Road is the main complaint; the metro extension to Infopark is the change to watch.',
      'Rental demand from IT employees keeps yields a little higher than the Kochi average.',
    ],
    author: 'Kochi Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Jagatpura and Ajmer Road: where Jaipur is growing',
    excerpt: 'Affordable plots and apartments on the city’s south and west.',
    body: [
      'Jagatpura, close to the airport and several colleges, has become Jaipur’s busiest market for new apartments, while Ajmer Road offers plotted developments and villas at lower prices.',
      'JDA approval is the first thing to check for any plot. Ask for the patta and the approved layout plan.',
      'Prices are a fraction of the metros, which is why many buyers from Delhi and Gurugram look at Jaipur for a second home.',
    ],
    author: 'North India Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Joint home loans: tax benefits for co-owners',
    excerpt: 'Two borrowers can each claim interest and principal deductions, if both are owners.',
    body: [
      'Under the old tax regime, each co-borrower who is also a co-owner can claim up to ₹2 lakh of interest on a self-occupied home and up to ₹1.5 lakh of principal under Section 80C.',
      'The deduction follows ownership share and actual repayment, so keep the loan account and the sale deed consistent.',
      'Check whether the new tax regime suits you better before planning around these deductions.',
    ],
    author: 'Finance Desk',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Navi Mumbai airport and the Ulwe–Panvel market',
    excerpt: 'What the airport and the trans-harbour link change for buyers east of the harbour.',
    body: [
      'Ulwe and Panvel were long seen as distant. The new airport and the Atal Setu sea link have changed that, bringing South Mumbai within a short drive.',
      'Prices have moved up, but remain far below the western suburbs for the same size.',
      'Look for CIDCO-approved layouts and projects close to the planned metro and rail stations.',
    ],
    author: 'Mumbai Bureau',
    status: 'active',
    approval: 'approved',
  },
  {
    title: 'Property tax in Bengaluru, Hyderabad, Chennai and Pune',
    excerpt: 'How each corporation computes what you owe, and the early-payment rebates to claim.',
    body: [
      'Most city corporations compute property tax from a unit area value or annual rental value, the built-up area, the zone and the age of the building.',
      'Bengaluru offers a rebate for paying the full year in April; Pune and Hyderabad have similar early-payment incentives.',
      'Always transfer the property tax account (khata or assessment) into your name after registration; banks and buyers will ask for it later.',
    ],
    author: 'Legal Team',
    status: 'active',
    approval: 'pending',
  },
  {
    title: 'Is now a good time to buy a villa near the city?',
    excerpt: 'Villa communities on city edges: space and quiet against distance and maintenance.',
    body: [
      'Demand for villas rose sharply after 2020 as families wanted more space and a garden. Prices followed.',
      'Maintenance costs per square foot are higher than in apartments, and security depends on the community size.',
    ],
    author: 'Nivaas Research Desk',
    status: 'active',
    approval: 'pending',
  },
  {
    title: 'Guaranteed 20% returns on pre-launch plots!!!',
    excerpt: 'Submitted by a partner; rejected for making promises no one can keep.',
    body: ['Book now and double your money in two years. Limited offer.'],
    author: 'Partner submission',
    status: 'inactive',
    approval: 'rejected',
  },
  {
    title: 'Checklist: documents for a resale flat purchase',
    excerpt: 'Title chain, society NOC, share certificate and the rest.',
    body: [
      'For a resale flat, collect the chain of sale deeds, the society NOC and share certificate, the latest maintenance and property tax receipts, and the occupancy certificate.',
      'If the seller has a loan on the flat, the bank’s closure letter and release of documents must be part of the transaction.',
    ],
    author: 'Legal Team',
    status: 'inactive',
    approval: 'approved',
  },
];

export interface FaqSeed {
  question: string;
  answer: string;
  associatedWith: string;
  approval: Approval;
}

export const FAQS: readonly FaqSeed[] = [
  { question: 'How do I contact a builder or broker about a property?', answer: 'Open the property and use the enquiry form or the Contact button in the help chat. Your details go to the builder or broker who listed it, and they usually call back within a working day.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Is there a fee for using Nivaas?', answer: 'No. Browsing, saving favourites, comparing projects and sending enquiries are free for buyers.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'How do I list my property?', answer: 'Sign in with your phone number or e-mail and choose Post Your Property. Our team reviews each listing before it goes live, usually within 24 hours.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Why was my listing rejected?', answer: 'Open your uploads and press Remarks on the rejected listing. The remark says what to fix; edit the listing and it returns to review.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'How are projects verified?', answer: 'We check the RERA registration number against the state RERA website and ask builders for approved plans. Listings from brokers are reviewed by our moderation team.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'I did not receive my one-time passcode. What should I do?', answer: 'Wait for the 30-second timer and press Resend OTP. Check that the number or e-mail is correct, and look in your spam folder for e-mails.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Can I register as a broker?', answer: 'Yes. Register with your RERA agent number and company details. Your profile is reviewed, and once approved you can upload properties and see the leads on them.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'How accurate is the EMI calculator?', answer: 'It uses the standard reducing-balance formula. Your bank’s figure may differ slightly because of processing fees, insurance and the exact disbursement schedule.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Do you help with home loans?', answer: 'We do not lend, but many builders on Nivaas have tie-ups with banks. Ask in your enquiry and the builder will share pre-approved loan options.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'How do I delete my account?', answer: 'Write to us from the Contact page with the phone number or e-mail you sign in with. We delete your account and saved data within 30 days.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Can I visit a project before booking?', answer: 'Yes. Use the enquiry form to request a site visit; the builder’s team will schedule it with you.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Are the prices on Nivaas final?', answer: 'Prices are as shared by the builder or seller and may exclude stamp duty, registration, GST and parking. Confirm the all-inclusive price before you pay anything.', associatedWith: 'contact_faqs', approval: 'approved' },
  { question: 'Can I get a refund of my booking amount?', answer: 'Refunds depend on your agreement with the builder. Nivaas does not collect booking amounts.', associatedWith: 'contact_faqs', approval: 'pending' },
  { question: 'Do you list commercial property?', answer: 'Not yet. We focus on homes and plots for now.', associatedWith: 'contact_faqs', approval: 'pending' },
  { question: 'Why is my review not visible?', answer: 'Reviews are moderated and appear once approved.', associatedWith: 'contact_faqs', approval: 'rejected' },
  { question: 'How long does broker approval take?', answer: 'Usually one to two working days after you submit your RERA number and company details.', associatedWith: 'broker_faqs', approval: 'approved' },
  { question: 'How do I switch a listing off?', answer: 'In View all uploads, approved listings have a Display toggle. Switch it off to hide the listing without deleting it.', associatedWith: 'broker_faqs', approval: 'approved' },
];

export interface BannerSeed {
  title: string;
  subtitle: string;
  link: string;
  approval: Approval;
  /** Which illustration: a city skyline by slug, or a theme. */
  art: string;
}

export const BANNERS: readonly BannerSeed[] = [
  { title: 'Find your dream home in Bengaluru', subtitle: 'Hundreds of verified projects and listings across the city', link: '/location-property/bengaluru', approval: 'approved', art: 'bengaluru' },
  { title: 'Upcoming launches, first in line', subtitle: 'Pre-launch prices on projects opening this season', link: '/property-detail-page?search=Upcoming%20Launches', approval: 'approved', art: 'launch' },
  { title: 'Ready to move in Mumbai', subtitle: 'Homes with occupancy certificates, from Thane to Worli', link: '/location-property/mumbai', approval: 'approved', art: 'mumbai' },
  { title: 'Villas with a garden', subtitle: 'Gated villa communities in Hyderabad, Bengaluru and Chennai', link: '/property-detail-page?search=villa', approval: 'approved', art: 'villa' },
  { title: 'Plots with clear titles', subtitle: 'Approved layouts with RERA registration', link: '/property-detail-page?search=plot', approval: 'approved', art: 'plot' },
  { title: 'Plan your EMI', subtitle: 'Work out what you can afford before you visit', link: '/mortage-calculator', approval: 'approved', art: 'emi' },
  { title: 'Festive offers on new bookings', subtitle: 'Awaiting builder confirmation', link: '/property-detail-page?search=New%20Launch', approval: 'pending', art: 'festive' },
  { title: 'Zero brokerage guaranteed', subtitle: 'Claim could not be verified', link: '/', approval: 'rejected', art: 'launch' },
];

export const REVIEW_COMMENTS = {
  good: [
    'Well connected, with schools and hospitals close by. Traffic at peak hours is the only complaint.',
    'Lots of greenery and a calm neighbourhood. Good for families with children.',
    'Excellent social infrastructure: malls, restaurants and a metro station within a short drive.',
    'Water supply has been steady for the three years we have lived here.',
    'Safe area, well-lit roads and friendly neighbours. Rents are on the higher side.',
    'Close to the IT parks, so the commute is short. Plenty of new projects coming up.',
  ],
  mixed: [
    'Good location but the roads need work, especially during the monsoon.',
    'Prices have risen a lot in the last two years. Still worth it for the connectivity.',
    'Decent place to live; public transport could be better.',
    'Construction everywhere right now, but it should settle in a couple of years.',
  ],
  poor: [
    'Waterlogging every monsoon and the approach roads are narrow.',
    'Too far from the city centre; cabs are hard to get late at night.',
  ],
} as const;

export const REMARKS = [
  'Photos are blurry; please upload clear pictures of the living room and kitchen.',
  'RERA number does not match the state registry. Please check and resubmit.',
  'Price looks incorrect for the area; please confirm the expected price.',
  'Exterior area is missing for one of the units.',
  'Listing describes a commercial property; we only list residential homes and plots.',
  'Duplicate of an existing listing; edit the original instead.',
  'Location pin is in a different locality from the one selected.',
  'Please add the floor and furnishing details.',
] as const;
