import { Link } from 'react-router';
import { ContentPage } from './content-page';

/** Change this date whenever the text below changes. */
const LAST_UPDATED = '21 November 2026';

export function TermsConditionsPage() {
  return (
    <ContentPage
      eyebrow="Terms And Conditions"
      title="The terms of using Nivaas"
      description="The rules for browsing, signing in, enquiring about and listing properties on Nivaas."
      lead={<p>Last updated {LAST_UPDATED}. By using the Nivaas website you agree to these terms.</p>}
    >
      <h2>1. What Nivaas is</h2>
      <p>
        Nivaas is an online marketplace where builders, brokers and owners show properties in India and where buyers
        and tenants find them and get in touch. Nivaas is not the seller, the buyer or an agent of either in any deal,
        and is not a party to any agreement you make with a builder, broker or owner.
      </p>

      <h2>2. Listings and prices</h2>
      <ul>
        <li>
          Listings, photos, prices and descriptions are provided by the builders, brokers and owners who publish them.
          They are responsible for them being accurate and lawful.
        </li>
        <li>
          We review uploads from brokers and owners before they go live, but a review is not a guarantee. We do not
          verify titles, approvals, areas or construction quality.
        </li>
        <li>
          Prices are indicative, in Indian rupees, and usually exclude taxes, registration, stamp duty, parking and
          deposits. The seller&rsquo;s written offer is what counts.
        </li>
        <li>
          Before paying any amount, check the project&rsquo;s registration on your state&rsquo;s RERA website and
          have the documents checked independently.
        </li>
      </ul>

      <h2>3. Your account</h2>
      <p>
        You sign in with a one-time passcode sent to your phone number or e-mail address. Keep access to them safe: you
        are responsible for what is done from your account. Give your real details and keep them up to date. We may
        suspend an account that breaks these terms.
      </p>

      <h2>4. Listing a property</h2>
      <ul>
        <li>List only properties you own or are authorised to market, with true details and photos you may use.</li>
        <li>
          We may approve, reject (with a remark saying why) or later remove a listing that is incomplete, misleading,
          duplicated or unlawful.
        </li>
        <li>
          By uploading photos and text you allow Nivaas to show them on the site and in related promotion of the
          listing for as long as it is listed.
        </li>
        <li>Brokers must hold any registration their state requires, including RERA agent registration where it applies.</li>
      </ul>

      <h2>5. Enquiries and leads</h2>
      <p>
        When you send an enquiry, its contents are passed to the builder, broker or owner of that property so that they
        can reply. Brokers and builders who receive leads may use them only to answer that enquiry, not to add people
        to unrelated marketing lists.
      </p>

      <h2>6. Fair use</h2>
      <p>
        Do not copy the site&rsquo;s listings in bulk, run automated scraping, try to get around security or rate
        limits, post content that is false, abusive or infringes someone else&rsquo;s rights, or use the site to send
        spam.
      </p>

      <h2>7. Tools</h2>
      <p>
        The EMI calculator and similar tools give estimates for planning. They are not an offer of a loan or financial
        advice; your lender&rsquo;s figures are the ones that apply.
      </p>

      <h2>8. Liability</h2>
      <p>
        We work to keep Nivaas accurate and available, but we provide it as it is. To the extent the law allows, Nivaas
        is not liable for losses arising from a listing&rsquo;s content, from dealings between you and a builder,
        broker or owner, or from the site being unavailable for a time.
      </p>

      <h2>9. Privacy</h2>
      <p>
        How we handle personal data is described in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>10. Changes and law</h2>
      <p>
        We may update these terms; the date at the top says when they last changed, and continuing to use the site
        means you accept the current version. These terms are governed by the laws of India. Questions? Write to us
        from the <Link to="/contact-us">Contact Us</Link> page.
      </p>
    </ContentPage>
  );
}
